import fc from 'fast-check'

const pad = (value: number, width = 2): string => String(value).padStart(width, '0')

// Four-digit years only: ajv-formats rejects the extended `+012345-…` years Date#toISOString can produce.
const dates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
const times = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}Z`)

/**
 * Generators for the string formats ajv-formats checks. Each yields only strings the strict oracle accepts
 * (the mapper still filters by the oracle, because fast-check's RFC generators are wider than ajv's regexes).
 */
export const formatArbitraries: Readonly<Record<string, fc.Arbitrary<string>>> = {
  date: dates.map((date) => date.toISOString().slice(0, 10)),
  'date-time': dates.map((date) => date.toISOString()),
  time: times,
  email: fc.emailAddress(),
  'idn-email': fc.emailAddress(),
  uri: fc.webUrl(),
  'uri-reference': fc.webUrl(),
  iri: fc.webUrl(),
  url: fc.webUrl(),
  uuid: fc.uuid(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  hostname: fc.domain(),
  'idn-hostname': fc.domain(),
  duration: fc.tuple(fc.integer({ min: 0, max: 99 }), fc.constantFrom('D', 'W')).map(([count, unit]) => `P${count}${unit}`),
  byte: fc.base64String(),
  'json-pointer': fc.array(fc.stringMatching(/^[a-z0-9]{0,6}$/), { maxLength: 3 }).map((parts) => parts.map((part) => `/${part}`).join('')),
  regex: fc.constantFrom('.*', '^[a-z]+$', '\\d{3}'),
  int32: fc.integer().map(String),
  int64: fc.integer().map(String),
  float: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  double: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  password: fc.string(),
  binary: fc.string(),
}

/** Strings that break each format, after Schemathesis' value-channel violators; the oracle confirms each. */
export const formatViolations: Readonly<Record<string, (valid: string) => string>> = {
  uuid: (valid) => `g${valid.slice(1)}`,
  email: () => 'useratexample.com',
  'date-time': () => '2024-01-01T12:99:00Z',
  date: () => '2024-13-01',
  time: () => '25:61:00Z',
  uri: () => 'not a uri',
  ipv4: () => '256.1.1.1',
  ipv6: () => '1:::2',
  hostname: () => '-bad-.host_name',
}
