import { describe, expect, it } from 'vitest';
import { EVENT_TONE_HEX, eventTone, isAlertEventType } from '../../src/lib/eventColours';

describe('event colours (SPEC.md section 9)', () => {
  it('colours Audio green, Video motion blue, Intrusion and Line crossing red, Tampering orange', () => {
    expect(eventTone('Audio')).toBe('green');
    expect(eventTone('Video motion')).toBe('blue');
    expect(eventTone('Intrusion')).toBe('red');
    expect(eventTone('Line crossing')).toBe('red');
    expect(eventTone('Tampering')).toBe('orange');
  });

  it('colours every other type gray, including names that only look alike', () => {
    for (const type of ['Face detected', 'intrusion', 'Video Motion', '', 'toString', 'constructor']) {
      expect(eventTone(type)).toBe('gray');
    }
  });

  it('has a distinct canvas colour per tone', () => {
    expect(new Set(Object.values(EVENT_TONE_HEX)).size).toBe(5);
    for (const hex of Object.values(EVENT_TONE_HEX)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('raises alerts for Intrusion, Line crossing and Tampering only', () => {
    expect(['Intrusion', 'Line crossing', 'Tampering'].every(isAlertEventType)).toBe(true);
    expect(['Audio', 'Video motion', 'Face detected'].some(isAlertEventType)).toBe(false);
  });
});
