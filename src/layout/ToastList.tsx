/**
 * The toasts themselves (SPEC.md section 9), loaded by `ToastStack` when a first toast
 * shows (issue 5 "Weight of the pages": cards, buttons and icons no page needs to show).
 */
import { useSelector } from '@xstate/react';
import { Button, Card, Flex, IconButton, Text } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import type { ComponentType } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ToastItemRef, ToastType } from '../machines/toastMachine';
import type { toastMachine } from '../machines/toastMachine';

const TYPE_STYLE: Record<ToastType, { icon: ComponentType; color: string }> = {
  success: { icon: CheckCircledIcon, color: 'var(--green-9)' },
  error: { icon: CrossCircledIcon, color: 'var(--red-9)' },
  warning: { icon: ExclamationTriangleIcon, color: 'var(--amber-9)' },
  info: { icon: InfoCircledIcon, color: 'var(--blue-9)' },
};

/** One toast, read from its own actor. */
function ToastRow({ toastRef }: { toastRef: ToastItemRef }) {
  const toast = useSelector(toastRef, (snapshot) => snapshot.context.toast);
  const { icon: Icon, color } = TYPE_STYLE[toast.type];
  return (
    <Card size="2" role={toast.type === 'error' ? 'alert' : 'status'} data-toast-type={toast.type} style={{ boxShadow: 'var(--shadow-4)' }}>
      <Flex gap="3" align="start">
        <span style={{ color, paddingTop: 2, flexShrink: 0 }} aria-hidden>
          <Icon />
        </span>
        <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
          <Text size="2" weight="medium">
            {toast.title}
          </Text>
          {toast.message && (
            <Text size="2" color="gray">
              {toast.message}
            </Text>
          )}
          {toast.actions.length > 0 && (
            <Flex gap="2" mt="2">
              {toast.actions.map((action, index) => (
                <Button
                  key={action.label}
                  size="1"
                  variant={action.variant === 'primary' ? 'solid' : 'soft'}
                  onClick={() => toastRef.send({ type: 'toast.act', index })}
                >
                  {action.label}
                </Button>
              ))}
            </Flex>
          )}
        </Flex>
        <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss notification" onClick={() => toastRef.send({ type: 'toast.dismiss' })}>
          <Cross2Icon />
        </IconButton>
      </Flex>
    </Card>
  );
}

/** The toast stack's list, fixed top right, newest on top (SPEC.md section 9). */
export default function ToastList({ actor }: { actor: ActorRefFrom<typeof toastMachine> }) {
  const toasts = useSelector(actor, (snapshot) => snapshot.context.toasts);
  if (toasts.length === 0) return null;
  return (
    <section className="fw-toast-stack" aria-label="Notifications" aria-live="polite">
      {[...toasts].reverse().map((toast) => (
        <ToastRow key={toast.id} toastRef={toast.ref} />
      ))}
    </section>
  );
}
