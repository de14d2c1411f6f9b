/**
 * The register-database headers: for a model with a rules-ng register database, one header per
 * document exactly as rules-ng-ng headergen writes them (templates/c/rnn-header.h.hbs), under
 * `c/<id>/` in a build, or wherever the `headergen` command is told.
 */
import type { IsaModel, RegisterDatabase } from "../model/types";
import { rnnHeaderViews } from "./cheader/rnnHeaderView";
import type { OutputFile } from "./outputFile";
import { renderTemplate } from "./renderTemplate";

/** The headers of one database, by file name (`cmdstream.xml.h`). */
export function registerHeaders(db: RegisterDatabase): OutputFile[] {
  return rnnHeaderViews(db).map((view) => ({
    path: view.path,
    content: renderTemplate("c/rnn-header.h.hbs", view),
  }));
}

/**
 * `c/<id>/*.h`: the headers of every database of the model in turn, a later database's header
 * replacing an earlier one's of the same document, as running headergen on each does.
 */
export function emitRegisterHeaders(models: IsaModel[]): OutputFile[] {
  return models.flatMap((m) => {
    const byPath = new Map<string, OutputFile>();
    for (const db of m.registerDatabases ?? [])
      for (const f of registerHeaders(db)) byPath.set(f.path, { path: `c/${m.isa.id}/${f.path}`, content: f.content });
    return [...byPath.values()];
  });
}
