--redislock:fail
--
-- A task goes to the dead letters now, whatever attempts it has left: one in
-- flight (only while receipt is its reservation's, when given), or, without a
-- receipt, one queued. It leaves the queue too: an id is dead or alive, never
-- both. Its payload stays, or is replaced when a new one is given.
--
-- @name  fail script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @arg   id        string                     the task id
-- @arg   receipt   string or ''               the reservation's receipt, or '' for the current one (or a
--                                             queued task)
-- @arg   replace   flag '1' '0'               whether the dead letter takes the payload that follows
-- @arg   payload   string or ''               its new payload

--#include "common/tasks.lua"
local id = ARGV[1]
if redis.call('zscore', KEYS[2], id) then
  if not ours(KEYS[4], id, ARGV[2]) then return 0 end
  redis.call('zrem', KEYS[2], id)
elseif ARGV[2] ~= '' or not redis.call('zscore', KEYS[1], id) then
  return 0
end
redis.call('zrem', KEYS[1], id)
redis.call('zadd', KEYS[5], score(now_us), id)
local r, a, m, b = record(KEYS[4], id)
if r then set_record(KEYS[4], id, '', a, m, string.format('%.17g', b)) end
if ARGV[3] == '1' then redis.call('hset', KEYS[6], id, ARGV[4]) end
return 1
