import { describe, expect, it } from 'vitest'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's MessageAPI (message_api.py) reads only each inbox message's first (receiver, text) pair; one BFCL entry's
// inbox opens with a dict of three pairs whose texts are lists. Made-up configs in that shape.

const messages = (config: string) => loadedEnvironment('MessageAPI', config)

const users = '"user_map": {"Ann": "USR001", "Ben": "USR002", "Cy": "USR003"}, "current_user": "USR001"'

describe("MessageAPI as BFCL's Python runs it", () => {
  it("a message's later pairs are not its receivers: delete_message does not find them, stats and search read the first only", () => {
    const { run } = messages(`{${users}, "inbox": [{"USR002": ["hello"], "USR003": ["busy"]}, {"USR003": "plain text"}]}`)
    expect(run('get_message_stats()')).toBe('{"stats": {"received_count": 2, "total_contacts": 2}}')
    expect(run("search_messages(keyword='busy')")).toBe("Error during execution: 'list' object has no attribute 'lower'")
    expect(run("delete_message(receiver_id='USR002')")).toMatch(/"deleted_status": true/)
    expect(run("delete_message(receiver_id='USR002')")).toBe('{"error": "Receiver ID USR002 not found."}')
    expect(run('view_messages_sent()')).toBe('{"messages": {"USR003": ["plain text"]}}')
  })

  it('delete_message removes the first message equal to the latest one sent to the receiver (list.remove)', () => {
    const { run, env } = messages(`{${users}, "inbox": [{"USR002": "hi"}, {"USR003": "x"}]}`)
    run("send_message(receiver_id='USR002',message='hi')")
    run("delete_message(receiver_id='USR002')")
    expect(new Map(env.state()).get('inbox')).toEqual([new Map([['USR003', 'x']]), new Map([['USR002', 'hi']])])
  })

  it('a keyword that is no str raises; an unhashable user name raises', () => {
    const { run } = messages(`{${users}}`)
    expect(run('search_messages(keyword=5)')).toBe("Error during execution: 'int' object has no attribute 'lower'")
    expect(run("get_user_id(user=['Ann'])")).toBe("Error during execution: unhashable type: 'list'")
  })
})

const twitter = () => loadedEnvironment('TwitterAPI', '{"username": "u", "password": "p", "authenticated": true, "tweets": {"0": {"id": 0, "username": "u", "content": "Hi", "tags": ["#a"], "mentions": []}}, "tweet_counter": 1}')

describe("TwitterAPI as BFCL's Python runs it", () => {
  it("mention() extends the tweet's mentions with any iterable: a str adds its characters", () => {
    const { run } = twitter()
    expect(run("mention(tweet_id=0,mentioned_usernames='@bo')")).toBe('{"mention_status": "Users mentioned successfully"}')
    expect(run('get_tweet(tweet_id=0)')).toBe('{"id": 0, "username": "u", "content": "Hi", "tags": ["#a"], "mentions": ["@", "b", "o"]}')
    expect(run('mention(tweet_id=0,mentioned_usernames=5)')).toBe("Error during execution: 'int' object is not iterable")
  })

  it('search_tweets lowers the keyword: one that is no str raises', () => {
    expect(twitter().run('search_tweets(keyword=1)')).toBe("Error during execution: 'int' object has no attribute 'lower'")
  })
})
