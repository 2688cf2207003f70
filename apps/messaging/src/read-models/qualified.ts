import type { EntityManager } from '@mikro-orm/postgresql';

/** `"<schema>"."<table>"`: the EntityManager's schema (a rebuild's shadow schema), else the ORM's default. */
export function qualified(em: EntityManager, table: string): string {
  const schema = em.schema ?? (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${table}"`;
}
