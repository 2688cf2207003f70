/**
 * `npm run bench [-- <name>...] [--smoke]`: the benchmarks of scripts/bench (see its README.md).
 * `npm run bench` builds first, then runs this file from dist/.
 */
import { main } from './bench/index';

main(process.argv.slice(2)).catch((e) => {
  console.error(e);
  process.exit(1);
});
