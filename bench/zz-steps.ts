import { readDocument } from '../src/io/read-document.ts'
import { validateSuiteShape } from '../src/schema/validate-document.ts'
import { loadSuite } from '../src/suite/load-suite.ts'
const rss = (label: string) => console.log(label, (process.resourceUsage().maxRSS / 1024).toFixed(0), 'heap', (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0))
rss('start')
const doc = readDocument(process.argv[2]!)
rss('read')
if (process.argv[3] === 'validate' || process.argv[3] === 'all') { validateSuiteShape(doc); rss('validated') }
if (process.argv[3] === 'all') { const s = await loadSuite(process.argv[2]!); rss('loaded ' + s.cases.length) }
