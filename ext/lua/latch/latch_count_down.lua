--redislock:latch_count_down
--
-- Counts a latch down by `by`, never below 0, keeping its expiry; the count
-- that reaches 0 opens it (as in latch_set.lua: the open mark O, one element,
-- C's end, with C's expiry, which wakes every waiter at once). Returns what is left (0 for a
-- latch already open: nothing is written), or -1 when the latch does not exist
-- (never set, or its lifetime ended).
--
-- @key   key       string                     C, the latch's count (prefix + name)
-- @key   open      string                     O, its open mark, "{C}:open"
-- @arg   by        integer                    how much (1 or more)

local v = redis.call('get', key)
if not v then return -1 end
-- A count is what set() and this script write: digits, at most MAX_COUNT (10^15).
if not v:match('^%d+$') or #v > 16 or tonumber(v) > 1e15 then
  return redis.error_reply('WRONGTYPE the latch key holds no count')
end
local n = tonumber(v)
if n <= 0 then return 0 end
n = math.max(0, n - tonumber(by))
redis.call('set', key, string.format('%d', n), 'keepttl')
if n == 0 then
  local at = redis.call('pexpiretime', key)
  redis.call('del', open)
  redis.call('rpush', open, at)
  if at > 0 then redis.call('pexpireat', open, at) end
end
return n
