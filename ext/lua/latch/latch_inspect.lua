--redislock:latch_inspect
--
-- A latch, read-only: [its count, the ms its lifetime has left, its end (ms
-- since the epoch, PEXPIRETIME: what its open mark holds)], or nil when it does
-- not exist. Refused (WRONGTYPE) for a key of another type.
--
-- @key   key       string                     C, the latch's count (prefix + name)

local v = redis.call('get', key)
if not v then return nil end
-- A count is what set() and latch_count_down write: digits, at most 10^15.
if not v:match('^%d+$') or #v > 16 or tonumber(v) > 1e15 then
  return redis.error_reply('WRONGTYPE the latch key holds no count')
end
local n = tonumber(v)
return {n, redis.call('pttl', key), redis.call('pexpiretime', key)}
