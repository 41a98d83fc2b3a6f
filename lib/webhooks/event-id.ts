/** An event's public id (`evt_42`): what bodies, `GET /api/events` and its `after` cursor carry. */
export const publicEventId = (id: number) => `evt_${id}`;

/** The row id of a public event id, or null when `value` is not one. */
export function eventRowId(value: string): number | null {
  const m = /^evt_([1-9]\d{0,15})$/.exec(value);
  return m ? Number(m[1]) : null;
}
