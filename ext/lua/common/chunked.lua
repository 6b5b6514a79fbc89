-- unpack() has a stack limit, so long argument lists go to Redis in chunks.
local function chunked(head, list)
  local n = 0
  for i = 1, #list, 1000 do
    local args = {}
    for j = 1, #head do args[#args + 1] = head[j] end
    for j = i, math.min(i + 999, #list) do args[#args + 1] = list[j] end
    n = n + redis.call(unpack(args))
  end
  return n
end
