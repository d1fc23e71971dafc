import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { departments } from './staff.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  name: text('name').notNull(),
  /** scrypt$<salt hex>$<key hex> */
  passwordHash: text('password_hash').notNull(),
  /** The department whose teams and staff the user plans; null for all. */
  departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
  /** A disabled user cannot sign in, and their sessions stop working at once. */
  enabled: boolean('enabled').notNull().default(true),
  /** A demo user whose password is still the login: while an enabled one exists the app shows «Демо-режим». */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
});

/** The catalogue of rule names the spec uses to gate routes and actions. */
export const rules = pgTable('rules', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
});

export const roleRules = pgTable(
  'role_rules',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name')
      .notNull()
      .references(() => rules.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleName] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Sessions live in the database so any server process can serve any request. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed logins of the last window, per login and client address; kept in the database so that every server process
 * counts the same attempts. A successful login is never kept here (its attempt is written first, under the limit's locks, and removed once the password matched).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_login_idx').on(t.login, t.at),
    index('login_failures_address_idx').on(t.address, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
);
