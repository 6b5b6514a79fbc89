--redislock:sem_acquire
--
-- Returns the token "<permits>:<id>" when the permits are ours (free with nobody
-- queued ahead, or handed or promised to us), otherwise the ms until the first
-- acquisition ends (-1: none). A waiter queues with its lifetime beside its alive
-- mark, so that a release can hand it the acquisition (common/semaphore_waiters.lua).
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   queue     string, optional           Q, its wait queue: declared on a cluster only
-- @key   units     string, optional           B, its counts (common/sem_units.lua): with queue
-- @arg   id        string                     the waiter id: the token's random part
-- @arg   permits   integer                    how many permits
-- @arg   limit     integer                    the semaphore's limit
-- @arg   life      integer                    the lifetime (ms)
-- @arg   mode      byte                       when busy: '0' nothing, '1' queue up, '2' the last
--                                             attempt: leave the queue
-- @arg   alive     integer                    how long the waiter's alive mark lasts (ms)
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

--#include "common/grace.lua"
--#include "common/lock_keys.lua"
local S = key
local Q, H, P = siblings(S, hint)
local token, wants = permits .. ':' .. id, '0' .. permits .. ':' .. limit
permits, limit, life = tonumber(permits), tonumber(limit), tonumber(life)
local waits = mode ~= '0'
--#include "common/owner.lua"
--#include "common/sem_units.lua"
--#include "common/outlive.lua"
-- Ours: an acquisition handed to us or a promise, confirmed with our own
-- lifetime (the same member rewritten: never held twice), or free permits taken.
local function take()
  redis.call('zadd', S, ms(now + life), token)
  units_set(permits, id, now + life)
  if waits then
    redis.call('zrem', Q, id)
    redis.call('zrem', H, id)
    redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id, P .. 'l:' .. id)
  end
  outlive(now + life)
  return token
end
-- Only a caller that waited can hold a promise.
if waits and redis.call('zscore', S, token) then return take() end
local queued = redis.call('exists', Q) == 1
--#include "common/semaphore_waiters.lua"
local u = used()
if queued then
  u = admit(u)
  if waits and redis.call('zscore', S, token) then return take() end
end
-- Nobody ahead: no live waiter queued, and none behind a run of dead ones that
-- was too long to look past.
if u + permits <= limit and not (queued and head() ~= nil) then return take() end
local first = redis.call('zrange', S, 0, 0, 'withscores')
local busy_ms = -1
if #first > 0 then busy_ms = math.max(tonumber(first[2]) - now, 0) end
-- A hand-over nobody has popped yet is revoked when its record falls due: a
-- waiter looks again then, not a whole wait round later.
local handed = redis.call('zrange', H, 0, 0, 'withscores')
if #handed > 0 then
  local due = math.max(tonumber(handed[2]) - now, 0)
  if busy_ms < 0 or due < busy_ms then busy_ms = due end
end
if mode == '2' then
  redis.call('zrem', Q, id)
  redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id, P .. 'l:' .. id)
  admit(used())
elseif mode == '1' then
  redis.call('zadd', Q, 'nx', now_us, id)
  redis.call('pexpire', Q, 2 * tonumber(alive))
  redis.call('set', P .. 'a:' .. id, wants, 'px', alive)
  redis.call('set', P .. 'l:' .. id, life, 'px', alive)
end
return busy_ms
