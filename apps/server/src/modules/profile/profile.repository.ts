import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Language } from '@keurwijzer/shared/users';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users, type UserRow } from '../../db/schema/users';

const columns = { ...getTableColumns(users), customerName: customers.name };

/** What the profile changes of the user's own row. */
export type ProfileValues = {
  firstName: string;
  preposition: string | null;
  lastName: string;
  lang: Language;
  /** The reminder mails; undefined: unchanged. */
  reminderMails?: boolean;
  /** The phone number (international form) or null; undefined: unchanged. */
  phone?: string | null;
  /** The mails about the user's own malfunctions; undefined: unchanged. */
  malfunctionMails?: boolean;
};

/** The user's own row: read, its name and language changed, its photo's storage key replaced. */
export function createProfileRepository(db: Db) {
  const selectUser = (tx: Executor = db) =>
    tx.select(columns).from(users).leftJoin(customers, eq(customers.id, users.customerId));

  /**
   * Sets the photo's storage key (or null) under the row's lock and returns the key it replaced,
   * so exactly one of two requests at once removes a given file: the second sees the first's key.
   */
  async function swapImage(id: number, image: string | null): Promise<{ previous: string | null } | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, id))
        .for('no key update')
        .limit(1);
      if (!row) return undefined;
      await tx
        .update(users)
        .set({ image, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      return { previous: row.image };
    });
  }

  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await selectUser().where(eq(users.id, id)).limit(1);
      return row;
    },

    /** One statement; false when the user is gone. */
    async update(id: number, values: ProfileValues): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The storage key of the user's photo, or null without one. */
    async imageOf(id: number): Promise<string | null> {
      const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, id)).limit(1);
      return row?.image ?? null;
    },

    swapImage,
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
