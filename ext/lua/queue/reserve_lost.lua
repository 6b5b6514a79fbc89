--redislock:reserve_lost
--
-- A reserve() on the zset layout whose reply was lost (the link failed after the
-- take script was sent) leaves the tasks it reserved in flight under receipts
-- "<base>:<k>" that nobody holds. Its object knows the base, the visibility it
-- asked for and how long ago at most it sent the call: the reservations it made
-- have a deadline between then and now plus that visibility. Each of those
-- whose receipt has the base (the token; the window only bounds the search) goes
-- back due now with its attempt not counted (its worker never saw it), and a
-- waiting worker is woken. A page of the window per call.
-- Returns [how many of the window it looked at, how many went back].
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @arg   base      string                     the lost call's receipt base
-- @arg   since     integer                    at most how long ago it was sent (ms)
-- @arg   visibility number                    the visibility it asked for (s)
-- @arg   offset    integer                    how far into the window this page starts

--#include "common/tasks.lua"
--#include "common/page.lua"
local v_us = math.floor(tonumber(visibility) * 1000000 + 0.5)
local lo = score(now_us - tonumber(since) * 1000 + v_us)
local hi = score(now_us + v_us + 1000)
local ids = redis.call('zrangebyscore', inflight, lo, hi, 'limit', string.format('%d', tonumber(offset)), PAGE)
local prefix, back = base .. ':', 0
for _, id in ipairs(ids) do
  local r, a, m, b = record(receipts, id)
  if r and string.sub(r, 1, #prefix) == prefix then
    redis.call('zrem', inflight, id)
    set_record(receipts, id, r, math.max(a - 1, 0), m, string.format('%.17g', b))
    settle(queue, receipts, dead, id, 0)
    back = back + 1
  end
end
if back > 0 then wake_one(wakeup) end
return {#ids, back}
