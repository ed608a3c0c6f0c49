/** An element of the parsed XML tree. */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y
const forbiddenChar = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/

/**
 * A small strict XML well-formedness checker for the JUnit tests (no dependency): balanced tags, quoted and
 * unique attributes, only known entities, no raw `<` or `&` in text, no characters XML 1.0 forbids.
 * Throws on the first problem; returns the root element.
 */
export function parseXml(source: string): XmlElement {
  if (forbiddenChar.test(source)) throw new Error('forbidden character')
  let i = 0
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(source)
  if (declaration) i = declaration[0].length
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  const decode = (raw: string, where: string) => {
    for (let j = 0; j < raw.length; j++) {
      if (raw[j] === '<') throw new Error(`raw < in ${where}`)
      if (raw[j] === '&') {
        entity.lastIndex = j
        if (!entity.test(raw)) throw new Error(`bad entity in ${where} at ${raw.slice(j, j + 10)}`)
      }
    }
    return raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&')
  }
  while (i < source.length) {
    const next = source.indexOf('<', i)
    const text = source.slice(i, next === -1 ? source.length : next)
    if (stack.length === 0 && text.trim() !== '') throw new Error('text outside the root')
    if (stack.length > 0) stack.at(-1)!.text += decode(text, 'text')
    if (next === -1) break
    const close = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(source.slice(next))
    if (close) {
      const open = stack.pop()
      if (open?.name !== close[1]) throw new Error(`</${close[1]}> closes <${open?.name}>`)
      i = next + close[0].length
      continue
    }
    const tag = /^<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*"[^"]*")*)\s*(\/?)>/.exec(source.slice(next))
    if (!tag) throw new Error(`malformed tag at ${source.slice(next, next + 40)}`)
    const element: XmlElement = { name: tag[1]!, attributes: {}, children: [], text: '' }
    for (const [, name, value] of tag[2]!.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*"([^"]*)"/g)) {
      if (name! in element.attributes) throw new Error(`duplicate attribute ${name}`)
      element.attributes[name!] = decode(value!, `attribute ${name}`)
    }
    if (stack.length > 0) stack.at(-1)!.children.push(element)
    else if (root) throw new Error('two roots')
    else root = element
    if (tag[3] !== '/') stack.push(element)
    i = next + tag[0].length
  }
  if (stack.length > 0 || !root) throw new Error('unclosed elements')
  return root
}
