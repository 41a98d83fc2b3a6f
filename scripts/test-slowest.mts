// npm run test:slowest: the slowest test files of the last `npm test` (and of any test stage run since), read from
// the timings the test runners' reporters wrote.
import { slowestLines } from "./test-timings";

const USAGE = `Usage: npm run test:slowest [-- <count>]
  Lists the <count> (default 10) slowest test files of the last test runs, with their seconds.`;

const args = process.argv.slice(2);
const count = args.length === 0 ? 10 : Number(args[0]);
if (args.length > 1 || !Number.isInteger(count) || count < 1) {
  console.error(USAGE);
  process.exit(2);
}
for (const line of slowestLines(count)) console.log(line);
