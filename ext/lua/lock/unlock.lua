--redislock:unlock
--
-- Deletes the lock only while it still holds our token: if it expired and another
-- client took it, the key holds their token and stays. With waiters queued, the
-- lock goes to the head of the queue instead. A shared hold leaves the set of
-- shared holds, and the last one out hands the lock over. Matching by the random
-- part is for a lost reply: we never learnt the fencing number, or whether the
-- hold was shared.
--
-- @key   key       string                     K, the lock key (prefix + name)
-- @key   queue     string, optional           Q, the name's wait queue: declared on a cluster only,
--                                             so that a migrating slot is answered before the script runs
-- @key   many      string, optional           M, the name's lockMany() waiters: with queue
-- @arg   token     string                     the token, or with match its random part
-- @arg   match     flag 's' '', trailing      's' to match the random part only
-- @arg   hint      text, trailing             the sibling hint (both left out when empty: the
--                                             common release sends the token alone)

local v = redis.pcall('get', key)
if v == token then return redis.call('del', key) end
if not v then return 0 end
--#include "common/grace.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
local K = key
local Q, M, P = siblings(K, hint)
--#include "common/waiters.lua"
if match == 's' then
  -- An orphan of a waiter (its wait failed): it leaves the queue, or the lock
  -- would be promised to it again.
  redis.call('zrem', Q, token)
  redis.call('del', P .. 'a:' .. token)
end
if type(v) ~= 'string' then
  if kind(K) ~= 'zset' then return 0 end
  local member = token
  if match == 's' then member = 'shared:' .. token end
  -- A share past its deadline is not held any more: removed, not reported.
  local sc = redis.call('zscore', K, member)
  local removed = 0
  if sc and redis.call('zrem', K, member) == 1 and tonumber(sc) > now then removed = 1 end
  readers_changed()
  return removed
end
local holder, d = owner(v)
local mine = named(holder, token) or (match == 's' and string.sub(holder, -(#token + 1)) == ':' .. token)
if d == nil then
  if not mine then return 0 end
  redis.call('del', K)
  return 1
end
if d <= now then
  -- Its time is up: not ours any more, but free for the next in line.
  hand_over()
  return 0
end
if not mine then return 0 end
hand_over()
return 1
