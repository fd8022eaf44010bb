import { describe, expect, it } from 'vitest';
import { addDays } from '@keurwijzer/shared/compliance';
import { listsToKeep, prefetchForOffline, reportImageUrls } from './offline-prefetch';

const list = (id: number, planned_date: string) => ({ id, planned_date });

describe('the task lists kept offline', () => {
  it('are those planned today up to and including 7 days ahead', () => {
    const lists = [
      list(1, '2026-11-25'),
      list(2, '2026-11-26'),
      list(3, '2026-11-30'),
      list(4, '2026-12-03'),
      list(5, '2026-12-04'),
      list(6, '2025-12-01'),
    ];
    expect(listsToKeep(lists, '2026-11-26').map((l) => l.id)).toEqual([2, 3, 4]);
  });

  it('count calendar days across months, years and a leap day', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-25', 7)).toBe('2028-03-03');
    expect(addDays('2026-03-25', 7)).toBe('2026-04-01');
    expect(listsToKeep([list(1, '2027-01-04'), list(2, '2027-01-05')], '2026-12-28').map((l) => l.id)).toEqual([1]);
  });
});

describe('a report kept offline', () => {
  it('brings its images (machine image, photos, signatures), never its PDF', () => {
    const report = {
      id: 4,
      machine: { image_url: '/api/reports/4/image' },
      pdf: '/api/reports/4/pdf',
      categories: [
        { questions: [{ photos: [{ url: '/api/reports/4/photos/ab-12' }, { url: '/api/reports/4/photos/cd-34' }] }] },
      ],
      signatures: [{ url: '/api/reports/4/signatures/mechanic' }],
      name: 'Kolomboor',
    };
    expect(reportImageUrls(report)).toEqual([
      '/api/reports/4/image',
      '/api/reports/4/photos/ab-12',
      '/api/reports/4/photos/cd-34',
      '/api/reports/4/signatures/mechanic',
    ]);
  });
});

describe('one prefetch round', () => {
  it('fetches the user, the lists of the coming week, each list, its reports and their images', async () => {
    const asked: string[] = [];
    const answers: Record<string, unknown> = {
      '/api/authorized': { id: 3 },
      '/api/tasklists': [list(1, '2026-11-26'), list(2, '2026-12-10'), list(3, '2026-11-20'), list(4, '2026-11-28')],
      '/api/tasklists/1': { machines: [{ report_id: 11 }, { report_id: 12 }] },
      '/api/tasklists/4': { machines: [{ report_id: 41 }] },
      '/api/reports/11': { machine: { image_url: '/api/reports/11/image' } },
      '/api/reports/12': { machine: { image_url: null } },
    };
    const result = await prefetchForOffline({
      today: '2026-11-26',
      getJson: async <T>(path: string, query?: Record<string, unknown>) => {
        asked.push(query ? `${path}?${Object.keys(query).join(',')}` : path);
        if (!(path in answers)) throw new Error(`404 ${path}`);
        return answers[path] as T;
      },
      getFile: async (url) => void asked.push(url),
    });
    expect(result).toEqual({ lists: 2, reports: 2, images: 1, failed: 1 });
    expect(asked.sort()).toEqual(
      [
        '/api/authorized',
        '/api/tasklists?mine,sortKey,sortOrder,itemsPerPage',
        '/api/tasklists/1',
        '/api/tasklists/4',
        '/api/reports/11',
        '/api/reports/11/image',
        '/api/reports/12',
        '/api/reports/41',
      ].sort(),
    );
  });
});
