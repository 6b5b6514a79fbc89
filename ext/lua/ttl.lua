--redislock:ttl
--
-- The remaining lifetime in ms while the lock holds our token, exclusively or
-- shared (-1: the key has no expiry), else -3. With an empty token: the remaining
-- lifetime of whoever holds it, the longest shared hold for a shared lock (a key of
-- another type counts as held), else -3.
--
-- @name  ttl script
-- @key   key       string                     K, the lock key
-- @arg   token     string or ''               the token, or '' for whoever holds the lock

local v = redis.pcall('get', KEYS[1])
if type(v) == 'string' and (v == ARGV[1] or (ARGV[1] == '' and not string.find(v, '|', 1, true))) then
  return redis.call('pttl', KEYS[1])
end
if not v then return -3 end
--#include "common/owner.lua"
if type(v) ~= 'string' then
  if redis.call('type', KEYS[1])['ok'] ~= 'zset' then
    if ARGV[1] == '' then return redis.call('pttl', KEYS[1]) end
    return -3
  end
  local s
  if ARGV[1] == '' then
    s = redis.call('zrange', KEYS[1], -1, -1, 'withscores')[2]
  else
    s = redis.call('zscore', KEYS[1], ARGV[1])
  end
  if not s or tonumber(s) <= now then return -3 end
  return tonumber(s) - now
end
local holder, d = owner(v)
if ARGV[1] == '' then
  if not d then return redis.call('pttl', KEYS[1]) end
  if holder == '' then return -3 end
elseif not named(holder, ARGV[1]) then
  return -3
elseif not d then
  return redis.call('pttl', KEYS[1])
end
if d <= now then return -3 end
return d - now
