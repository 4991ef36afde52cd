import { describe, expect, it } from 'vitest';
import {
  anchorRangeDueOn,
  anchorRangeMeeting,
  lastSendDay,
  ruleProblems,
  sendDay,
  ZCreateMailSchedule,
} from './schedule.ts';

// When a scheduled mail may go out (docs/domain/mail-schedule.md): from its send day; one before the anchor day
// until the day before it, one on or after it for the grace days.

describe('the days of a scheduled mail', () => {
  it('a week before arrival: from seven days before until the day before arrival', () => {
    expect(sendDay('2041-05-02', -7)).toBe('2041-04-25');
    expect(lastSendDay('2041-05-02', -7)).toBe('2041-05-01');
  });

  it('three days after departure: that day and two more', () => {
    expect(sendDay('2041-05-09', 3)).toBe('2041-05-12');
    expect(lastSendDay('2041-05-09', 3)).toBe('2041-05-14');
  });

  it('on the anchor day itself: that day and two more', () => {
    expect(lastSendDay('2041-05-02', 0)).toBe('2041-05-04');
  });

  it('the anchor days due on a day are exactly those whose window holds it', () => {
    for (const days of [-30, -7, -1, 0, 1, 3, 14]) {
      const day = '2041-05-10';
      const range = anchorRangeDueOn(day, days);
      for (let offset = -60; offset <= 60; offset++) {
        const anchor = sendDay(day, offset);
        const due = sendDay(anchor, days) <= day && day <= lastSendDay(anchor, days);
        expect(anchor >= range.from && anchor <= range.to, `${days} ${anchor}`).toBe(due);
      }
    }
  });

  it('a range of days meets the windows of the anchor days between the first and the last day’s', () => {
    expect(anchorRangeMeeting('2041-04-20', '2041-04-30', -7)).toEqual({
      from: '2041-04-21',
      to: '2041-05-07',
    });
  });
});

describe('a rule', () => {
  it('needs a template and cannot mail before the booking was made', () => {
    expect(ruleProblems({ anchor: 'arrival', days: -7, templateIdDe: 1, templateIdEn: null })).toEqual([]);
    expect(ruleProblems({ anchor: 'booked', days: -1, templateIdDe: 1 }).map((p) => p.path)).toEqual([
      'days',
    ]);
    expect(ruleProblems({ anchor: 'arrival', days: 1 }).map((p) => p.path)).toEqual(['templateIdDe']);
  });

  it('takes confirmed and finished bookings of every asset by default, without agencies’', () => {
    const rule = ZCreateMailSchedule.parse({ name: 'Thanks', anchor: 'departure', days: 3, templateIdEn: 4 });
    expect(rule).toMatchObject({
      states: ['confirmed', 'resolved'],
      resortId: null,
      vesselId: null,
      includeAgencyBookings: false,
      isActive: true,
      templateIdDe: null,
    });
    expect(ZCreateMailSchedule.safeParse({ ...rule, states: ['confirmed', 'confirmed'] }).success).toBe(
      false,
    );
  });
});
