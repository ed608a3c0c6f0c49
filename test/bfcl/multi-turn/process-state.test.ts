import { describe, expect, it } from 'vitest'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { executeCall, methodOwners } from '../../../src/bfcl/multi-turn/execute.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'

const twitter = (process: Map<string, unknown>) => {
  const instance = environmentFactories.TwitterAPI!(process)
  instance.load(pyJsonLoads('{"username": "u", "password": "p", "authenticated": true, "tweet_counter": 0}'), false)
  return methodOwners([instance])
}

describe('process-wide state BFCL keeps in module globals', () => {
  it("post_tweet's default mentions list is one per process: mention() on one tweet shows in a later instance's tweet", () => {
    const process = new Map<string, unknown>()
    const first = twitter(process)
    executeCall("post_tweet(content='a')", first)
    executeCall("mention(tweet_id=0,mentioned_usernames=['bob'])", first)
    expect(executeCall("post_tweet(content='b')", twitter(process))).toBe('{"id": 0, "username": "u", "content": "b", "tags": [], "mentions": ["bob"]}')
    expect(executeCall("post_tweet(content='b')", twitter(new Map()))).toBe('{"id": 0, "username": "u", "content": "b", "tags": [], "mentions": []}')
  })

  it('call errors read as CPython writes them', () => {
    const owners = twitter(new Map())
    expect(executeCall("post_tweet(text='a')", owners)).toBe("Error during execution: TwitterAPI.post_tweet() got an unexpected keyword argument 'text'")
    expect(executeCall('comment(tweet_id=0)', owners)).toBe("Error during execution: TwitterAPI.comment() missing 1 required positional argument: 'comment_content'")
    expect(executeCall("ls(a=True)", owners)).toBe("Error during execution: name 'ls' is not defined")
    expect(executeCall("get_tweet(='')", owners)).toBe('Error during execution: invalid syntax (<string>, line 1)')
  })
})
