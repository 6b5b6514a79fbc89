--redislock:reserve_lost
--
-- A reserve() on the zset layout whose reply was lost (the link failed after the
-- take script was sent) leaves the tasks it reserved in flight under receipts
-- "<base>:<k>" that nobody holds. Its object knows the base, the visibility it
-- asked for and how long ago at most it sent the call: the reservations it made
-- have a deadline within that long of now plus that visibility (either way, for
-- a server whose clock differs from the one that ran it). The window is walked
-- by score, a page per call, from cursor on (a score: the walk goes on after it,
-- so reservations that end meanwhile move nothing past it), until the first
-- reservation whose receipt has the base (the token; the window only bounds the
-- search). One take call gives all of its reservations one deadline: each one
-- at that score whose receipt has the base goes back due now with its attempt
-- not counted (its worker never saw it), and a waiting worker is woken.
-- Returns [the score to go on after ('' : done), how many went back].
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   paused    string                     G, the pause: exists while the queue is paused (no wake-up then)
-- @arg   base      string                     the lost call's receipt base
-- @arg   since     integer                    at most how long ago it was sent (ms)
-- @arg   visibility number                    the visibility it asked for (s)
-- @arg   cursor    string or ''               the score the walk goes on after ('': from the start)

--#include "common/tasks.lua"
--#include "common/page.lua"
local v_us = math.floor(tonumber(visibility) * 1000000 + 0.5)
local since_us = tonumber(since) * 1000
local from = score(now_us - since_us + v_us)
if cursor ~= '' then from = '(' .. cursor end
local window = redis.call('zrangebyscore', inflight, from, score(now_us + since_us + v_us), 'withscores', 'limit', 0, PAGE)
local prefix = base .. ':'
local function lost(id)
  local r = record(receipts, id)
  return r and string.sub(r, 1, #prefix) == prefix
end
local found
for i = 1, #window, 2 do
  if lost(window[i]) then found = window[i + 1]; break end
end
local full = #window >= 2 * PAGE
if not found and full then
  -- The ties at the page's last score, which the next page (after it) skips.
  local last = window[#window]
  for _, id in ipairs(redis.call('zrangebyscore', inflight, last, last, 'limit', 0, 4 * PAGE)) do
    if lost(id) then found = last; break end
  end
end
if not found then
  if full then return {window[#window], 0} end
  return {'', 0}
end
local back = 0
for _, id in ipairs(redis.call('zrangebyscore', inflight, found, found, 'limit', 0, 4 * PAGE)) do
  local r, a, m, b = record(receipts, id)
  if r and string.sub(r, 1, #prefix) == prefix then
    redis.call('zrem', inflight, id)
    set_record(receipts, id, r, math.max(a - 1, 0), m, string.format('%.17g', b))
    settle(queue, receipts, dead, id, 0)
    back = back + 1
  end
end
if back > 0 then wake_one(wakeup, paused) end
return {'', back}
