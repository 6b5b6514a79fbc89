--redislock:enqueue
--
-- An id already queued keeps its due time unless replace is set (ZADD NX versus
-- plain ZADD). A dead id enqueued again leaves the dead letters and starts with its
-- attempts forgotten.
--
-- @name  enqueue script
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @arg   delay     number                     the delay (s)
-- @arg   replace   flag '1' '0'               whether an id already queued takes the new due time
-- @arg   id        owned string, list         the task ids

--#include "common/now.lua"
--#include "common/chunked.lua"
--#include "common/wake.lua"
if redis.call('exists', KEYS[5]) == 1 then
  for i = 3, #ARGV do
    if redis.call('zrem', KEYS[5], ARGV[i]) == 1 then redis.call('hdel', KEYS[4], ARGV[i]) end
  end
end
local due = score(us_after(ARGV[1]))
local members = {}
for i = 3, #ARGV do members[#members + 1] = due; members[#members + 1] = ARGV[i] end
local head = {'zadd', KEYS[1]}
if ARGV[2] == '1' then head[3] = 'ch' else head[3] = 'nx' end
local changed = chunked(head, members)
wake(KEYS[3], changed)
return changed
