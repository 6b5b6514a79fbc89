--redislock:stream_shorten
--
-- Gives the reservations a reserve() just received, asked for a shorter
-- visibility than the queue's, the difference as idle time (XCLAIM to their
-- own consumer, IDLE, JUSTID: the delivery count stays), so that each expires
-- after its own visibility, and writes that deadline to the deadline index.
-- Returns how many it claimed.
--
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   deadlines string                     L, entry id -> when its reservation may have lapsed (ms)
-- @arg   consumer  string                     the reserver's consumer
-- @arg   idle      integer                    the queue's visibility less the one asked for (ms)
-- @arg   visibility integer                   the visibility asked for (ms)
-- @arg   eid       string, list               the entry ids received

if #ARGV - 3 > 250 then return redis.error_reply('ERR over 250 entries in one call') end
local claim = {'xclaim', stream, 'rl', consumer, '0'}
for i = 4, #ARGV do claim[#claim + 1] = ARGV[i] end
claim[#claim + 1] = 'IDLE'
claim[#claim + 1] = idle
claim[#claim + 1] = 'JUSTID'
local got = redis.call(unpack(claim))
local t = redis.call('time')
local at = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(visibility))
for _, eid in ipairs(got) do redis.call('zadd', deadlines, at, eid) end
return #got
