import { describe, expect, it } from 'vitest';
import { ALERT_EVENT_TYPES, EVENT_TYPES, isAlertEventType, mapEventType } from '../../server/vortex/eventTypes';

describe('mapEventType', () => {
  it.each([
    ['Motion Detection', 'Video motion'],
    ['motion detection', 'Video motion'],
    ['MOTION_DETECTION', 'Video motion'],
    ['MotionDetection', 'Video motion'],
    ['Motion', 'Video motion'],
    ['VMD', 'Video motion'],
    ['vmd', 'Video motion'],
    ['Smart VMD', 'Video motion'],
    ['SmartMotion detection', 'Video motion'],
    ['video motion', 'Video motion'],
    ['Video-Motion', 'Video motion'],
    ['Video motion', 'Video motion'],
    ['Intrusion Detection', 'Intrusion'],
    ['intrusion', 'Intrusion'],
    ['Area intrusion', 'Intrusion'],
    ['INTRUSION_DETECTION', 'Intrusion'],
    ['Line Crossing', 'Line crossing'],
    ['Line crossing detection', 'Line crossing'],
    ['line-crossing', 'Line crossing'],
    ['LineCrossing', 'Line crossing'],
    ['tripwire', 'Line crossing'],
    ['Trip wire', 'Line crossing'],
    ['Tripwire alarm', 'Line crossing'],
    ['Cross line', 'Line crossing'],
    ['Tamper Detection', 'Tampering'],
    ['tampering', 'Tampering'],
    ['Camera tampering', 'Tampering'],
    ['Tamper', 'Tampering'],
    ['Anti-tamper', 'Tampering'],
    ['Audio Detection', 'Audio'],
    ['audio', 'Audio'],
    ['Audio alarm', 'Audio'],
    ['Sound detection', 'Audio'],
    ['  Audio Detection  ', 'Audio'],
  ])('maps %j to %j', (raw, expected) => {
    expect(mapEventType(raw)).toBe(expected);
  });

  it.each([
    ['Think Alert', 'Think Alert'],
    ['Person without hard hat', 'Person without hard hat'],
    ['Loitering Detection', 'Loitering Detection'],
    ['Crowd detection', 'Crowd detection'],
    ['Digital input', 'Digital input'],
    ['Video loss', 'Video loss'],
    ['Motion in parking after hours', 'Motion in parking after hours'],
    ['Detection', 'Detection'],
    ['  Think Alert  ', 'Think Alert'],
    ['constructor', 'constructor'],
    ['__proto__', '__proto__'],
    ['toString', 'toString'],
  ])('keeps the unknown name %j as %j', (raw, expected) => {
    expect(mapEventType(raw)).toBe(expected);
  });

  it('returns an empty string for a blank name', () => {
    expect(mapEventType('   ')).toBe('');
  });

  it('maps every spec type to itself', () => {
    for (const type of EVENT_TYPES) expect(mapEventType(type)).toBe(type);
  });
});

describe('alert event types', () => {
  it('are Intrusion, Line crossing and Tampering', () => {
    expect([...ALERT_EVENT_TYPES].sort()).toEqual(['Intrusion', 'Line crossing', 'Tampering']);
  });

  it('isAlertEventType is true for those three only', () => {
    expect(EVENT_TYPES.filter(isAlertEventType)).toEqual(['Intrusion', 'Line crossing', 'Tampering']);
    expect(isAlertEventType('Think Alert')).toBe(false);
    expect(isAlertEventType('intrusion')).toBe(false);
  });

  it('a mapped camera name raises an alert exactly when its type does', () => {
    expect(isAlertEventType(mapEventType('Intrusion Detection'))).toBe(true);
    expect(isAlertEventType(mapEventType('tripwire'))).toBe(true);
    expect(isAlertEventType(mapEventType('Tamper Detection'))).toBe(true);
    expect(isAlertEventType(mapEventType('Motion Detection'))).toBe(false);
    expect(isAlertEventType(mapEventType('Audio Detection'))).toBe(false);
  });
});
