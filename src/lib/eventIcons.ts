/**
 * An icon per event type (SPEC.md section 3: Audio, Video motion, Intrusion, Line
 * crossing, Tampering; any other type gets the default icon). Shared by the Live Events
 * panel and the events screen; the colours are `eventTone` in `eventColours.ts`.
 */
import type { ComponentType } from 'react';
import {
  BellIcon,
  EnterIcon,
  ExclamationTriangleIcon,
  LockOpen1Icon,
  SpeakerLoudIcon,
  VideoIcon,
} from '@radix-ui/react-icons';

const EVENT_ICONS: Readonly<Record<string, ComponentType>> = {
  Audio: SpeakerLoudIcon,
  'Video motion': VideoIcon,
  Intrusion: ExclamationTriangleIcon,
  'Line crossing': EnterIcon,
  Tampering: LockOpen1Icon,
};

/** The icon component of an event type; a bell for any type the spec does not name. */
export const eventIcon = (type: string): ComponentType =>
  (Object.hasOwn(EVENT_ICONS, type) ? EVENT_ICONS[type] : undefined) ?? BellIcon;
