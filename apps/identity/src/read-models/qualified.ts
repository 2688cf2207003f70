import type { EntityManager } from '@mikro-orm/postgresql';

/** `"<schema>"."<table>"` for raw SQL in projections (the ORM connection has no search_path). */
export function qualified(em: EntityManager, table: string): string {
  const schema = (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${table}"`;
}
