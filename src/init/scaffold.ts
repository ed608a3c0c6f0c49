import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { configFileNames } from '../config/load-config.ts'
import { configFile, configFileName } from './config-file.ts'
import { exampleScript, exampleSuite, exampleSuiteFolder, exampleTools } from './example-suite.ts'
import { workflowFile, workflowFileName } from './workflow.ts'

/** One file `toolgauge init` writes: its path relative to the project, and its text. */
type ScaffoldFile = { readonly path: string; readonly content: string }

/** A file left alone, and why. */
type SkippedFile = { readonly path: string; readonly reason: string }

/** What `writeScaffold` did: the files it created and those it left as they were. */
export type ScaffoldOutcome = { readonly created: readonly string[]; readonly skipped: readonly SkippedFile[] }

/** The files of a new project: the example suite, its tools and scripted model, the config, the CI workflow. */
const scaffold: readonly ScaffoldFile[] = [
  { path: configFileName, content: configFile },
  { path: `${exampleSuiteFolder}/suite.yaml`, content: exampleSuite },
  { path: `${exampleSuiteFolder}/tools.json`, content: exampleTools },
  { path: `${exampleSuiteFolder}/scripted-model.yaml`, content: exampleScript },
  { path: workflowFileName, content: workflowFile },
]

/** The config files toolgauge would read instead of ours (load-config.ts looks for these first). */
const otherConfigFiles = configFileNames.filter((name) => name !== configFileName)

/**
 * Writes the scaffold into `root`, never over a file: an existing path is skipped and named, and so is the config
 * when another toolgauge.config.* is there (it would be read instead of ours).
 */
export function writeScaffold(root: string): ScaffoldOutcome {
  const created: string[] = []
  const skipped: SkippedFile[] = []
  for (const file of scaffold) {
    const target = join(root, file.path)
    const rival = file.path === configFileName ? otherConfigFiles.find((name) => existsSync(join(root, name))) : undefined
    if (existsSync(target)) skipped.push({ path: file.path, reason: 'already exists' })
    else if (rival) skipped.push({ path: file.path, reason: `${rival} exists and is read first` })
    else {
      mkdirSync(dirname(target), { recursive: true })
      // 'wx': fails rather than overwrite a file created since the check.
      writeFileSync(target, file.content, { flag: 'wx' })
      created.push(file.path)
    }
  }
  return { created, skipped }
}
