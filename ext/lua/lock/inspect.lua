--redislock:inspect
--
-- Who holds lock K and who waits behind it, read-only, by the server's clock: nil
-- when nobody holds it and nobody waits; otherwise [mode ('exclusive' or
-- 'shared'), holders, ms left (the longest share for a shared lock; -1: no
-- expiry), live waiters (queued, and lockMany() waiters), µs the oldest queued
-- live waiter has waited (-1: none), the holder's fencing number ('' when it has
-- none), 1 when the lock is promised to the head waiter, which has not confirmed
-- yet (then holders is 0), else 0, the labels of the holders (common/held_by.lua:
-- the exclusive holder's, or those of the HELD_BY shares that end last, latest
-- first; none for a hold whose token has none)]. No token leaves the server: only
-- the number in front of a fenced one, and the label after the random digits.
--
-- @key   key       string                     K, the lock key
-- @key   queue     string, optional           Q, its FIFO queue: declared on a cluster only
-- @key   many      string, optional           M, its lockMany() waiters: declared on a cluster only
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''

--#include "common/owner.lua"
--#include "common/lock_keys.lua"
--#include "common/waiting.lua"
--#include "common/held_by.lua"
local K = key
local Q, M, P = siblings(K, hint)
local waiters, oldest = live_waiters(Q, P, tonumber(now_us))
waiters = waiters + redis.call('zcount', M, '(' .. ms(now), '+inf')
local t = redis.call('type', K)['ok']
if t == 'none' then
  if waiters == 0 then return nil end
  return {'exclusive', 0, 0, waiters, oldest, '', 0, {}}
end
if t == 'zset' then
  local last = redis.call('zrange', K, -1, -1, 'withscores')
  local left = 0
  if #last > 0 then left = math.max(0, tonumber(last[2]) - now) end
  local by = {}
  for _, m in ipairs(redis.call('zrevrangebyscore', K, '+inf', '(' .. ms(now), 'limit', 0, HELD_BY)) do
    by[#by + 1] = label(m)
  end
  return {'shared', redis.call('zcount', K, '(' .. ms(now), '+inf'), left, waiters, oldest, '', 0, by}
end
if t ~= 'string' then
  -- A key of another type at the lock's name: held, by nobody we know.
  return {'exclusive', 1, redis.call('pttl', K), waiters, oldest, '', 0, {}}
end
local holder, d = owner(redis.call('get', K))
local left
if d then left = math.max(0, d - now) else left = redis.call('pttl', K) end
if d and holder ~= '' and holder == redis.call('zrange', Q, 0, 0)[1] then
  return {'exclusive', 0, left, waiters, oldest, '', 1, {}}
end
local holders = 1
if holder == '' or (d and d <= now) then holders = 0 end
if holders == 0 and waiters == 0 then return nil end
local by = {}
if holders == 1 then by[1] = label(holder) end
return {'exclusive', holders, left, waiters, oldest, string.match(holder, '^(%d+):') or '', 0, by}
