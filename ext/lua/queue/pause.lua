--redislock:pause
--
-- Pauses the queue: sets its pause key G, for ms milliseconds (0: until
-- resume()), replacing the end of a pause already on; on the stream layout parks
-- the group at once (common/pause.lua), so that no worker's next read delivers
-- anything. Tasks in flight run on; their ack, release and expiry work as ever.
-- On the zset layout the workers blocked on the queue are woken once (16 at
-- most, through W), to look again and wait for the pause's end (a worker
-- blocked before it would sleep out its own timeout). On the stream layout none
-- is: a reserve() blocked on the group cannot be woken without a delivery, and a
-- pop() waiting on the stream looks again within a second anyway. Refused, with nothing written, when S or G
-- holds a key of another type. Returns 1 when the queue was not paused, 0 when it
-- was (its end is the new one).
--
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   settings  string                     M, the queue's settings (z: the group is parked)
-- @arg   ms        integer                    how long (ms; 0: until resume())

--#include "common/wake.lua"
--#include "common/stream.lua"
--#include "common/pause.lua"
local kind = redis.call('type', paused).ok
if kind ~= 'none' and kind ~= 'string' then
  return redis.error_reply('WRONGTYPE the pause key holds a ' .. kind .. ', not a pause')
end
-- Read before anything is written: a stream key of another type fails here.
local g = groups_of(stream)
local was = kind == 'string' and 1 or 0
if tonumber(ms) > 0 then redis.call('set', paused, '1', 'px', ms) else redis.call('set', paused, '1') end
pause_sync(stream, paused, settings)
if not g.rl then wake(wakeup, 16) end
return 1 - was
