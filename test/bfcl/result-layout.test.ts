import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findResultFiles } from '../../src/bfcl/results.ts'

// BFCL v4 writes result/<model>/<group>/BFCL_v4_<category>_result.json (group: non_live, live, multi_turn,
// agentic). One model's groups are one model: one column in the table, one summary with all its categories.

function layout(): string {
  const root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-layout-'))
  const put = (...parts: string[]) => {
    mkdirSync(join(root, ...parts.slice(0, -1)), { recursive: true })
    writeFileSync(join(root, ...parts), '')
  }
  put('result', 'model-a', 'non_live', 'BFCL_v4_simple_java_result.json')
  put('result', 'model-a', 'live', 'BFCL_v4_live_simple_result.json')
  put('result', 'model-a', 'multi_turn', 'BFCL_v4_multi_turn_base_result.json')
  put('result', 'model-b', 'non_live', 'BFCL_v4_simple_python_result.json')
  put('flat', 'model-c', 'BFCL_v4_simple_python_result.json')
  return root
}

describe('result folders', () => {
  it("a BFCL group folder is not part of the model's name, wherever --results points", () => {
    const root = layout()
    const models = (path: string) => findResultFiles(path).map((file) => `${file.model} ${file.category}`)
    expect(models(join(root, 'result'))).toEqual(['model-a live_simple', 'model-a multi_turn_base', 'model-a simple_java', 'model-b simple_python'])
    expect(models(join(root, 'result', 'model-a'))).toEqual(['model-a live_simple', 'model-a multi_turn_base', 'model-a simple_java'])
    expect(models(join(root, 'result', 'model-a', 'non_live'))).toEqual(['model-a simple_java'])
    expect(models(join(root, 'result', 'model-a', 'non_live', 'BFCL_v4_simple_java_result.json'))).toEqual(['model-a simple_java'])
    expect(models(join(root, 'flat'))).toEqual(['model-c simple_python'])
    expect(models(join(root, 'flat', 'model-c'))).toEqual(['model-c simple_python'])
  })
})
