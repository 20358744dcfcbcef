import { Fragment, Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Flex } from '@radix-ui/themes';
import { ChevronRightIcon } from '@radix-ui/react-icons';
import { breadcrumbTrail, entityCrumbPlaceholder } from './breadcrumbTrail';
import type { CrumbSpec } from './breadcrumbTrail';
import { Crumb } from './Crumb';

/**
 * Crumbs named after a building, floor or device (issue 5 "Weight of the pages"): with the
 * API modules they read, loaded only on the pages that show one.
 */
const EntityCrumb = lazy(() => import('./EntityCrumb').then((m) => ({ default: m.EntityCrumb })));

function renderCrumb(spec: CrumbSpec, current: boolean): ReactNode {
  if (spec.kind === 'label') return <Crumb label={spec.label} href={spec.href} current={current} />;
  const placeholder = entityCrumbPlaceholder(spec);
  return (
    <Suspense fallback={<Crumb label={placeholder.label} href={placeholder.href} current={current && spec.kind !== 'floorBuilding'} />}>
      <EntityCrumb spec={spec} current={current} />
    </Suspense>
  );
}

/** The top bar's breadcrumb for the current path (SPEC.md section 2 "Breadcrumbs"). */
export function Breadcrumbs() {
  const [path] = useLocation();
  const trail = breadcrumbTrail(path);
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <Flex align="center" gap="2" wrap="nowrap" style={{ minWidth: 0 }}>
        {trail.map((spec, index) => (
          <Fragment key={index}>
            {index > 0 && <ChevronRightIcon aria-hidden color="var(--gray-9)" style={{ flexShrink: 0 }} />}
            {renderCrumb(spec, index === trail.length - 1)}
          </Fragment>
        ))}
      </Flex>
    </nav>
  );
}
