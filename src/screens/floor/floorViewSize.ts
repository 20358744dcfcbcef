import type { CSSProperties } from 'react';

/**
 * The floor plan viewport's box (its height follows the window's, within bounds). The
 * placeholder shown while the floor loads takes the same box, so the plan replaces it
 * without moving anything around it (issue 5 "Weight of the pages": layout shift).
 */
export const FLOOR_VIEW_BOX: CSSProperties = { height: 'min(72vh, 760px)', minHeight: 420 };
