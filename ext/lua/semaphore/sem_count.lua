--redislock:sem_count
--
-- The permits held now, lapsed acquisitions left out; with a token, the ms its
-- acquisition still has (-3: not held).
--
-- @key   key       string                     S, the semaphore key (the set alone is read)
-- @arg   token     string or ''               a token, or '' for the permits held by all

--#include "common/owner.lua"
if token ~= '' then
  local s = redis.call('zscore', key, token)
  if not s or tonumber(s) <= now then return -3 end
  return tonumber(s) - now
end
local n = 0
for _, m in ipairs(redis.call('zrangebyscore', key, '(' .. ms(now), '+inf')) do
  n = n + (tonumber(string.match(m, '^%d+')) or 0)
end
return n
