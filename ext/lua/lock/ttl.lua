--redislock:ttl
--
-- The remaining lifetime in ms while the lock holds our token, exclusively or
-- shared (-1: the key has no expiry), else -3. With an empty token: the remaining
-- lifetime of whoever holds it, the longest shared hold for a shared lock (a key of
-- another type counts as held), else -3.
--
-- @key   key       string                     K, the lock key
-- @arg   token     string or ''               the token, or '' for whoever holds the lock

local v = redis.pcall('get', key)
if type(v) == 'string' and (v == token or (token == '' and not string.find(v, '|', 1, true))) then
  return redis.call('pttl', key)
end
if not v then return -3 end
--#include "common/owner.lua"
if type(v) ~= 'string' then
  if redis.call('type', key)['ok'] ~= 'zset' then
    if token == '' then return redis.call('pttl', key) end
    return -3
  end
  local s
  if token == '' then
    s = redis.call('zrange', key, -1, -1, 'withscores')[2]
  else
    s = redis.call('zscore', key, token)
  end
  if not s or tonumber(s) <= now then return -3 end
  return tonumber(s) - now
end
local holder, d = owner(v)
if token == '' then
  if not d then return redis.call('pttl', key) end
  if holder == '' then return -3 end
elseif not named(holder, token) then
  return -3
elseif not d then
  return redis.call('pttl', key)
end
if d <= now then return -3 end
return d - now
