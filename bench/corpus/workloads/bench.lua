-- bench.lua -- the usual interpreter workloads, sized by arg[1] (rounds):
-- recursion, table building and sorting, string work, closures.  Prints
-- one line that depends only on the work done.
local rounds = tonumber(arg[1]) or 4

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end

local function tables(n)
  local t = {}
  for i = 1, n do t[i] = (i * 7919) % 100003 end
  table.sort(t)
  local m = {}
  for i = 1, n, 3 do m["k" .. t[i]] = i end
  local s = 0
  for k, v in pairs(m) do s = s + #k + v end
  return s
end

local function strings(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("%d:%x", i, i * 31) end
  local joined = table.concat(parts, ",")
  local count = 0
  for word in joined:gmatch("%d+:") do count = count + #word end
  return count + #joined:upper()
end

local function closures(n)
  local adders = {}
  for i = 1, 64 do adders[i] = function(x) return x + i end end
  local acc = 0
  for i = 1, n do acc = adders[i % 64 + 1](acc) % 1000003 end
  return acc
end

local total = 0
for r = 1, rounds do
  total = total + fib(22) + tables(20000) + strings(20000) + closures(200000)
end
print("bench.lua: " .. rounds .. " rounds, checksum " .. total)
