import type { PyValue } from '../../py/value.ts'
import { methodTable, req, type Environment, type Param, type ProcessState } from '../environment.ts'
import { arith, truthy } from '../py-ops.ts'
import { configDict, defaultsOf, dict, i, isMap, type Key, type Val } from '../values.ts'
import { intKeys, lookupKey, str } from './keys.ts'

// BFCL's TwitterAPI (posting_api). `post_tweet`'s `tags=[]` and `mentions=[]` defaults are Python mutable
// defaults: one list per process, shared by every tweet posted without them, and `mention()` extends it.

const attributes = ['username', 'password', 'authenticated', 'tweets', 'comments', 'retweets', 'following_list', 'tweet_counter'] as const

const defaults = defaultsOf(() => new Map<string, Val>([
    ['username', 'john'], ['password', 'john123'], ['authenticated', false], ['tweets', new Map()], ['comments', new Map()],
    ['retweets', new Map()], ['following_list', ['alice', 'bob']], ['tweet_counter', i(0)],
  ]))

// The process-wide default list object of one parameter.
function sharedDefault(process: ProcessState, name: string): Param {
  return {
    name,
    default: () => {
      const key = `TwitterAPI.post_tweet.${name}`
      let list = process.get(key) as Val[] | undefined
      if (!list) process.set(key, (list = []))
      return list
    },
  }
}

/** A TwitterAPI instance. */
export function twitterApi(process: ProcessState): Environment {
  const s = defaults()
  const get = (name: string) => s.get(name)!
  const tweets = () => get('tweets') as Map<Key, Val>
  const following = () => get('following_list') as Val[]
  const authed = () => truthy(get('authenticated'))
  const notFound = (id: Val) => dict([['error', `Tweet with ID ${str(id)} not found.`]])

  const methods = methodTable([
    ['authenticate_twitter', [req('username'), req('password')], ([username, password]) => {
      if (username === get('username') && password === get('password')) {
        s.set('authenticated', true)
        return dict([['authentication_status', true]])
      }
      return dict([['authentication_status', false]])
    }],
    ['comment', [req('tweet_id'), req('comment_content')], ([id, content]) => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before commenting.']])
      if (!tweets().has(lookupKey(id!))) return notFound(id!)
      const comments = get('comments') as Map<Key, Val>
      const key = lookupKey(id!)
      if (!comments.has(key)) comments.set(key, [])
      ;(comments.get(key) as Val[]).push(dict([['username', get('username')], ['content', content!]]))
      return dict([['comment_status', 'Comment added successfully']])
    }],
    ['follow_user', [req('username_to_follow')], ([name]) => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before following.']])
      if (following().includes(name!)) return dict([['follow_status', false]])
      following().push(name!)
      return dict([['follow_status', true]])
    }],
    ['get_tweet', [req('tweet_id')], ([id]) => tweets().get(lookupKey(id!)) ?? notFound(id!)],
    ['get_tweet_comments', [req('tweet_id')], ([id]) => {
      if (!tweets().has(lookupKey(id!))) return notFound(id!)
      return (get('comments') as Map<Key, Val>).get(lookupKey(id!)) ?? []
    }],
    ['get_user_stats', [req('username')], ([username]) => {
      const count = [...tweets().values()].filter((t) => isMap(t) && t.get('username') === username).length
      const retweets = (get('retweets') as Map<Key, Val>).get(lookupKey(username!))
      return dict([
        ['tweet_count', i(count)],
        ['following_count', i(username === get('username') ? following().length : 0)],
        ['retweet_count', i(Array.isArray(retweets) ? retweets.length : 0)],
      ])
    }],
    ['get_user_tweets', [req('username')], ([username]) => [...tweets().values()].filter((t) => isMap(t) && t.get('username') === username)],
    ['list_all_following', [], () => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before listing following.']])
      return following()
    }],
    ['mention', [req('tweet_id'), req('mentioned_usernames')], ([id, names]) => {
      const tweet = tweets().get(lookupKey(id!))
      if (!isMap(tweet)) return notFound(id!)
      const mentions = tweet.get('mentions')
      if (Array.isArray(mentions) && Array.isArray(names)) for (const name of names) mentions.push(name)
      return dict([['mention_status', 'Users mentioned successfully']])
    }],
    ['post_tweet', [req('content'), sharedDefault(process, 'tags'), sharedDefault(process, 'mentions')], ([content, tags, mentions]) => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before posting.']])
      const id = get('tweet_counter')
      const tweet = dict([['id', id], ['username', get('username')], ['content', content!], ['tags', tags!], ['mentions', mentions!]])
      tweets().set(lookupKey(id), tweet)
      s.set('tweet_counter', arith('+', id, i(1)))
      return tweet
    }],
    ['posting_get_login_status', [], () => dict([['login_status', truthy(get('authenticated'))]])],
    ['retweet', [req('tweet_id')], ([id]) => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before retweeting.']])
      if (!tweets().has(lookupKey(id!))) return notFound(id!)
      const retweets = get('retweets') as Map<Key, Val>
      const user = lookupKey(get('username'))
      if (!retweets.has(user)) retweets.set(user, [])
      const list = retweets.get(user) as Val[]
      if (list.some((item) => lookupKey(item) === lookupKey(id!))) return dict([['retweet_status', 'Already retweeted']])
      list.push(id!)
      return dict([['retweet_status', 'Successfully retweeted']])
    }],
    ['search_tweets', [req('keyword')], ([keyword]) => {
      const needle = str(keyword!).toLowerCase()
      return [...tweets().values()].filter((t) => isMap(t) && (str(t.get('content') ?? '').toLowerCase().includes(needle)
        || (Array.isArray(t.get('tags')) && (t.get('tags') as Val[]).some((tag) => str(tag).toLowerCase() === needle))))
    }],
    ['unfollow_user', [req('username_to_unfollow')], ([name]) => {
      if (!authed()) return dict([['error', 'User not authenticated. Please authenticate before unfollowing.']])
      const at = following().indexOf(name!)
      if (at < 0) return dict([['unfollow_status', false]])
      following().splice(at, 1)
      return dict([['unfollow_status', true]])
    }],
  ])

  return {
    className: 'TwitterAPI',
    methods,
    load(config: PyValue) {
      const given = configDict(config)
      const base = defaults()
      for (const name of attributes) s.set(name, given.has(name) ? given.get(name)! : base.get(name)!)
      s.set('tweets', intKeys(get('tweets')))
    },
    state: () => attributes.map((name) => [name, s.get(name)!] as const),
  }
}
