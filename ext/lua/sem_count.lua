--redislock:sem_count
--
-- The permits held now, lapsed acquisitions left out; with a token, the ms its
-- acquisition still has (-3: not held).
--
-- @name  semaphore count script
-- @key   key       string                     S, the semaphore key (the set alone is read)
-- @arg   token     string or ''               a token, or '' for the permits held by all

--#include "common/owner.lua"
if ARGV[1] ~= '' then
  local s = redis.call('zscore', KEYS[1], ARGV[1])
  if not s or tonumber(s) <= now then return -3 end
  return tonumber(s) - now
end
local n = 0
for _, m in ipairs(redis.call('zrangebyscore', KEYS[1], '(' .. ms(now), '+inf')) do
  n = n + (tonumber(string.match(m, '^%d+')) or 0)
end
return n
