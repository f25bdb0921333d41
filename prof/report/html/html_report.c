/*
 * html_report.c -- -html: one self-contained page (no network: the
 * style, the script and the data are all inside it) that a browser opens
 * from disk.  The data is html_data.c's JSON in a <script
 * type="application/json"> element; the script renders the summary, a
 * function table that sorts on a click of its headers, a flame graph of
 * the sampled stacks (or an icicle of inclusive ideal time) whose frames
 * zoom on a click, the butterfly of the selected function, the annotated
 * source and machine code of the hottest functions, and the loops with
 * the optimizer's remarks.
 *
 * The page's state is in its URL fragment, so a link (or a test) can open
 * it sorted: #sort=KEY (or #sort=KEY:asc), KEY a column of the function
 * table (index, name, excl, incl, calls, instructions).
 */
#include "html.h"

#include <stdlib.h>
#include <string.h>

static const char style[] =
    "*{box-sizing:border-box}"
    "body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;"
    "color:#1f2328;background:#f6f8fa}"
    "header{background:#24292f;color:#fff;padding:14px 24px}"
    "header h1{margin:0;font-size:20px;font-weight:600}"
    "header .cmd{font:12px ui-monospace,monospace;color:#c9d1d9;margin-top:4px}"
    "nav{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #d0d7de;"
    "padding:6px 24px}"
    "nav a{margin-right:16px;color:#0969da;text-decoration:none;font-weight:500}"
    "main{padding:8px 24px 40px;max-width:1500px}"
    "section{background:#fff;border:1px solid #d0d7de;border-radius:8px;margin:16px 0;"
    "padding:12px 16px}"
    "h2{font-size:16px;margin:4px 0 10px}"
    ".cards{display:flex;flex-wrap:wrap;gap:10px}"
    ".card{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;min-width:170px}"
    ".card .v{font-size:20px;font-weight:600}.card .l{color:#57606a;font-size:12px}"
    "table{border-collapse:collapse;width:100%}"
    "th,td{padding:3px 8px;border-bottom:1px solid #eaeef2;text-align:right;white-space:nowrap}"
    "th{background:#f6f8fa;position:sticky;top:34px;cursor:pointer;user-select:none}"
    "th.sorted-desc::after{content:' \\25BE'}th.sorted-asc::after{content:' \\25B4'}"
    "td.name,th.name,td.text{text-align:left}"
    "td.text{font:12px ui-monospace,monospace;white-space:pre}"
    "tr.sel td{background:#ddf4ff}tbody tr:hover td{background:#f3f8ff}"
    ".bar{display:inline-block;height:9px;background:#fb8f44;border-radius:2px;"
    "vertical-align:middle;margin-right:4px}"
    ".place{color:#57606a}"
    "#flame{position:relative;overflow:hidden;border:1px solid #d0d7de;"
    "border-radius:4px;background:#fff;font:11px ui-monospace,monospace}"
    ".frame{position:absolute;height:17px;line-height:17px;padding:0 3px;"
    "overflow:hidden;white-space:nowrap;text-overflow:ellipsis;border-right:1px solid #fff;"
    "border-bottom:1px solid #fff;cursor:pointer;color:#1f2328}"
    ".frame:hover{filter:brightness(0.9)}"
    "#tip{position:fixed;pointer-events:none;background:#24292f;color:#fff;padding:4px 8px;"
    "border-radius:4px;font-size:12px;display:none;z-index:10}"
    ".hot td{background:#fff1e5}.muted{color:#8c959f}"
    "details{margin:6px 0}summary{cursor:pointer;font-weight:600}"
    ".src td.text{color:#24292f}.src tr.costless td{color:#8c959f}"
    ".asm tr.srcline td{color:#0969da;background:#f6f8fa}"
    ".asm tr.instr td{color:#8c959f}"
    ".remark{font:12px ui-monospace,monospace;color:#57606a;text-align:left;"
    "white-space:normal}"
    ".bf{display:grid;grid-template-columns:1fr 1fr;gap:16px}"
    "button{font:inherit;padding:2px 10px;margin-left:8px}";

static const char script[] =
    "'use strict';\n"
    "const D=JSON.parse(document.getElementById('ssprof-data').textContent);\n"
    "const $=(s)=>document.querySelector(s);\n"
    "const esc=(s)=>String(s).replace(/[&<>\"]/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','\"':'&quot;'}[c]));\n"
    "const num=(v)=>v==null?'?':Math.round(v).toLocaleString('en-US');\n"
    "const pct=(v)=>D.total>0?100*v/D.total:0;\n"
    "const pfmt=(v)=>pct(v).toFixed(1)+'%';\n"
    "const bar=(v)=>'<span class=\"bar\" style=\"width:'+Math.max(1,Math.round(pct(v)*0.6))+'px\"></span>';\n"
    "const place=(f)=>f.dso+(f.file?': '+f.file+(f.line?', '+f.line:''):'');\n"
    /* summary */
    "function summary(){\n"
    " $('#title').textContent='ssprof: '+D.target+' ('+D.experiment+')';\n"
    " $('#cmd').textContent=D.command;\n"
    " $('#cards').innerHTML=D.summary.map((r)=>'<div class=\"card\"><div class=\"v\">'+"
    "(r[2]==='s'||Math.abs(r[1])<100?(Number.isInteger(r[1])?String(r[1]):r[1].toFixed(3)):num(r[1]))+' '+esc(r[2])+'</div><div class=\"l\">'+esc(r[0])+'</div></div>').join('');\n"
    "}\n"
    /* function table */
    "const cols=D.sampling?[['index','[index]'],['name','function'],['excl','excl. samples'],"
    "['excl_pct','excl.%'],['incl','incl. samples'],['incl_pct','incl.%'],['excl_secs','excl. secs']]"
    ":[['index','[index]'],['name','function'],['excl','excl. cycles'],['excl_pct','excl.%'],"
    "['incl','incl. cycles'],['incl_pct','incl.%'],['instructions','instructions'],['calls','calls']];\n"
    "let sortKey='excl',sortDir=-1,selected=null;\n"
    "function cell(f,k){\n"
    " if(k==='name')return '<td class=\"name\">'+esc(f.name)+' <span class=\"place\">('+esc(place(f))+')</span></td>';\n"
    " if(k==='excl_pct')return '<td>'+bar(f.excl)+pfmt(f.excl)+'</td>';\n"
    " if(k==='incl_pct')return '<td>'+pfmt(f.incl)+'</td>';\n"
    " if(k==='index')return '<td>['+f.index+']</td>';\n"
    " if(k==='excl_secs')return '<td>'+f.excl_secs.toFixed(3)+'</td>';\n"
    " return '<td>'+num(f[k])+'</td>';\n"
    "}\n"
    "function keyOf(f,k){return k==='excl_pct'?f.excl:k==='incl_pct'?f.incl:f[k];}\n"
    "function renderTable(){\n"
    " const rows=D.functions.slice().sort((a,b)=>{const x=keyOf(a,sortKey),y=keyOf(b,sortKey);"
    "if(typeof x==='string')return sortDir*x.localeCompare(y);return sortDir*((x==null?-1:x)-(y==null?-1:y))||a.index-b.index;});\n"
    " $('#functions thead').innerHTML='<tr>'+cols.map((c)=>'<th data-key=\"'+c[0]+'\" class=\"'+"
    "(c[0]==='name'?'name ':'')+(c[0]===sortKey?(sortDir<0?'sorted-desc':'sorted-asc'):'')+'\">'+c[1]+'</th>').join('')+'</tr>';\n"
    " $('#functions tbody').innerHTML=rows.map((f)=>'<tr data-name=\"'+esc(f.name)+'\"'+(f.name===selected?' class=\"sel\"':'')+'>'+cols.map((c)=>cell(f,c[0])).join('')+'</tr>').join('');\n"
    " document.querySelectorAll('#functions th').forEach((th)=>th.onclick=()=>{const k=th.dataset.key;"
    "if(k===sortKey)sortDir=-sortDir;else{sortKey=k;sortDir=(k==='name'||k==='index')?1:-1;}renderTable();});\n"
    " document.querySelectorAll('#functions tbody tr').forEach((tr)=>tr.onclick=()=>select(tr.dataset.name));\n"
    "}\n"
    /* butterfly */
    "function select(name){selected=name;renderTable();butterfly();}\n"
    "function pairs(list,key){const m=new Map();for(const c of list){const e=m.get(c[key])||{name:c[key],value:0,calls:0,sites:[]};"
    "e.value+=c.value;e.calls+=c.calls;e.sites.push(c.file+':'+c.line);m.set(c[key],e);}return [...m.values()].sort((a,b)=>b.value-a.value);}\n"
    "function bfTable(title,list){const calls=(e)=>D.sampling?'':'<td>'+num(e.calls)+'</td>';return '<div><h3>'+title+'</h3><table><thead><tr><th class=\"name\">function</th><th>'+D.unit+'</th><th>%</th>'+(D.sampling?'':'<th>calls</th>')+'<th class=\"name\">call sites</th></tr></thead><tbody>'+"
    "(list.length?list.map((e)=>'<tr><td class=\"name\"><a href=\"#butterfly\" data-f=\"'+esc(e.name)+'\">'+esc(e.name)+'</a></td><td>'+num(e.value)+'</td><td>'+pfmt(e.value)+'</td>'+calls(e)+'<td class=\"name place\">'+esc(e.sites.slice(0,4).join(' '))+'</td></tr>').join(''):'<tr><td class=\"name muted\" colspan=5>none recorded</td></tr>')+'</tbody></table></div>';}\n"
    "function butterfly(){\n"
    " const f=D.functions.find((g)=>g.name===selected)||D.functions[0];if(!f){return;}selected=f.name;\n"
    " const callers=pairs(D.calls.filter((c)=>c.callee===f.name),'caller');\n"
    " const callees=pairs(D.calls.filter((c)=>c.caller===f.name),'callee');\n"
    " $('#bf-title').textContent=f.name+': exclusive '+num(f.excl)+' ('+pfmt(f.excl)+'), inclusive '+num(f.incl)+' ('+pfmt(f.incl)+') '+D.unit;\n"
    " $('#bf').innerHTML=bfTable('Callers (time spent in '+esc(f.name)+' for them)',callers)+bfTable('Callees (time spent in them for '+esc(f.name)+')',callees);\n"
    " document.querySelectorAll('#bf a').forEach((a)=>a.onclick=()=>select(a.dataset.f));\n"
    "}\n"
    /* flame graph / icicle */
    "let zoom=0;\n"
    "function color(name){let h=0;for(const c of name)h=(h*31+c.charCodeAt(0))>>>0;"
    "return D.sampling?'hsl('+(10+h%40)+',85%,'+(62+h%14)+'%)':'hsl('+(190+h%40)+',65%,'+(68+h%12)+'%)';}\n"
    "function flame(){\n"
    " const T=D.tree,N=D.frame_names,kids=T.map(()=>[]);T.forEach((n,i)=>{if(n[1]>=0)kids[n[1]].push(i);});\n"
    " const el=$('#flame'),W=el.clientWidth||1200,H=18;let maxd=0;const out=[];\n"
    " const root=zoom,rv=T[root][2]||1,icicle=!D.sampling;\n"
    " const anc=[];for(let a=T[root][1];a>=0;a=T[a][1])anc.unshift(a);\n"
    " anc.forEach((a,d)=>out.push([a,d,0,1]));\n"
    " (function walk(i,d,x){if(i!==0||root!==0){}const w=T[i][2]/rv;if(w*W<0.5)return;\n"
    "  if(i!==0)out.push([i,d,x,w]);let cx=x;for(const k of kids[i]){walk(k,i===0?d:d+1,cx);cx+=T[k][2]/rv;}})(root,anc.length,0);\n"
    " out.forEach((o)=>{if(o[1]>maxd)maxd=o[1];});\n"
    " el.style.height=((maxd+1)*H+4)+'px';\n"
    " el.innerHTML=out.map((o)=>{const n=T[o[0]],name=N[n[0]],share=(D.total>0?100*n[2]/D.total:0);"
    "const top=icicle?o[1]*H:(maxd-o[1])*H;"
    "return '<div class=\"frame\" data-node=\"'+o[0]+'\" data-name=\"'+esc(name)+'\" data-value=\"'+n[2]+'\" data-share=\"'+share.toFixed(2)+'\" style=\"left:'+(o[2]*100)+'%;width:'+(o[3]*100)+'%;top:'+top+'px;background:'+color(name)+'\">'+esc(name)+'</div>';}).join('');\n"
    " const tip=$('#tip');\n"
    " el.querySelectorAll('.frame').forEach((f)=>{f.onmousemove=(e)=>{tip.style.display='block';tip.style.left=(e.clientX+12)+'px';tip.style.top=(e.clientY+12)+'px';"
    "tip.textContent=f.dataset.name+': '+num(+f.dataset.value)+' '+D.unit+' ('+f.dataset.share+'%)';};"
    "f.onmouseleave=()=>{tip.style.display='none';};f.onclick=()=>{zoom=+f.dataset.node;flame();select(f.dataset.name);};});\n"
    " $('#flame-title').textContent=(D.sampling?'Flame graph of the sampled stacks':'Icicle of inclusive ideal time (the call tree of the -gprof heuristic)')+(zoom?' (zoomed; click Reset)':'');\n"
    "}\n"
    /* source and assembly */
    "function heat(v,max){return max>0&&v>0?' style=\"background:rgba(251,143,68,'+(0.12+0.6*v/max).toFixed(2)+')\"':'';}\n"
    "function sources(){\n"
    " $('#source').innerHTML=D.sources.map((s,i)=>{const max=Math.max(...s.lines.map((l)=>l[3]));let file='';"
    "return '<details'+(i<2?' open':'')+'><summary>'+esc(s.name)+' ('+esc(place(s))+'): '+num(s.cost)+' '+D.unit+', '+pfmt(s.cost)+'</summary><table class=\"src\"><thead><tr><th>line</th>'+(D.sampling?'':'<th>executions</th>')+'<th>'+D.unit+'</th><th>%</th><th class=\"name\">source</th></tr></thead><tbody>'+"
    "(s.lines.length?'':'<tr><td class=\"name muted\" colspan=5>no source lines (code without debug information)</td></tr>')+s.lines.map((l)=>{let h='';if(l[0]!==file){file=l[0];h='<tr><td class=\"name muted\" colspan=5>'+esc(file)+(l[5]?'':' (not found: give its directory with -srcdir)')+'</td></tr>';}"
    "return h+'<tr class=\"'+(l[3]>0?'':'costless')+'\"'+heat(l[3],max)+'><td>'+l[1]+'</td>'+(D.sampling?'':'<td>'+(l[4]==null?'':num(l[4]))+'</td>')+'<td>'+(l[3]>0?num(l[3]):'')+'</td><td>'+(l[3]>0?pfmt(l[3]):'')+'</td><td class=\"text\">'+esc(l[2])+'</td></tr>';}).join('')+'</tbody></table></details>';}).join('')||'<p class=\"muted\">No source lines.</p>';\n"
    "}\n"
    "function asm(){\n"
    " if(D.sampling)$('#asm-title').textContent='Machine code of the hottest functions (samples per instruction)';\n"
    " $('#asm').innerHTML=D.asm.map((b,i)=>{let src='';return '<details'+(i<1?' open':'')+'><summary>'+esc(b.title)+'</summary><table class=\"asm\"><thead><tr><th>address</th><th>'+(D.sampling?'samples':'executions')+'</th><th class=\"name\">instruction</th></tr></thead><tbody>'+"
    "b.insns.map((n)=>{let h='';const s=n[3]+':'+n[4];if(n[4]&&s!==src){src=s;h='<tr class=\"srcline\"><td class=\"name\" colspan=3>'+esc(s)+'</td></tr>';}"
    "return h+'<tr class=\"'+(n[5]?'':'instr')+'\"><td>'+n[0]+'</td><td>'+(n[5]?(n[2]>0?num(n[2]):'.'):'(instrumentation)')+'</td><td class=\"text\">'+esc(n[1])+'</td></tr>';}).join('')+'</tbody></table></details>';}).join('')||'<p class=\"muted\">No machine code.</p>';\n"
    "}\n"
    "function loops(){\n"
    " if(D.sampling){$('#loops-section').style.display='none';$('#nav-loops').style.display='none';return;}\n"
    " const L=D.loops.slice().sort((a,b)=>b.cycles-a.cycles);\n"
    " $('#loops').innerHTML='<table><thead><tr><th>cycles</th><th>%</th><th>iterations</th><th>avg. trip</th><th>depth</th><th class=\"name\">loop</th></tr></thead><tbody>'+"
    "L.map((l)=>'<tr><td>'+num(l.cycles)+'</td><td>'+bar(l.cycles)+pfmt(l.cycles)+'</td><td>'+num(l.iterations)+'</td><td>'+(l.entries?(l.iterations/l.entries).toFixed(1):'-')+'</td><td>'+l.depth+'</td><td class=\"name\">'+esc(l.name)+' <span class=\"place\">('+esc(place(l))+')</span></td></tr>'+"
    "(l.remarks.length?l.remarks.map((r)=>'<tr><td></td><td colspan=5 class=\"remark\">'+esc(r)+'</td></tr>').join(''):'')).join('')+'</tbody></table>';\n"
    "}\n"
    /* start, and the state in the fragment */
    "function fromHash(){const m=/sort=([a-z_]+)(:asc|:desc)?/.exec(location.hash);if(!m)return;"
    "const th=document.querySelector('#functions th[data-key=\"'+m[1]+'\"]');if(!th)return;th.click();"
    "const want=m[2]===':asc'?1:m[2]===':desc'?-1:null;if(want!==null&&sortDir!==want)document.querySelector('#functions th[data-key=\"'+m[1]+'\"]').click();}\n"
    "summary();renderTable();select(D.functions.length?D.functions.slice().sort((a,b)=>b.excl-a.excl)[0].name:null);"
    "flame();sources();asm();loops();fromHash();\n"
    "$('#reset').onclick=()=>{zoom=0;flame();};\n"
    "window.addEventListener('resize',flame);window.addEventListener('hashchange',fromHash);\n"
    "document.body.dataset.ready='1';\n";

static const char body[] =
    "<header><h1 id=\"title\">ssprof</h1><div class=\"cmd\" id=\"cmd\"></div>"
    "</header>\n<nav><a href=\"#summary\">Summary</a><a href=\"#functions-"
    "section\">Functions</a><a href=\"#flame-section\">Flame graph</a><a "
    "href=\"#butterfly\">Butterfly</a><a href=\"#source-section\">Source</a>"
    "<a href=\"#asm-section\">Assembly</a><a id=\"nav-loops\" href=\"#loops-"
    "section\">Loops</a></nav>\n<main>\n"
    "<section id=\"summary\"><h2>Summary</h2><div class=\"cards\" id=\"cards\">"
    "</div></section>\n"
    "<section id=\"functions-section\"><h2>Functions (click a header to sort, "
    "a row for its butterfly)</h2><table id=\"functions\"><thead></thead>"
    "<tbody></tbody></table></section>\n"
    "<section id=\"flame-section\"><h2><span id=\"flame-title\"></span>"
    "<button id=\"reset\">Reset zoom</button></h2><div id=\"flame\"></div>"
    "</section>\n"
    "<section id=\"butterfly\"><h2 id=\"bf-title\"></h2><div class=\"bf\" "
    "id=\"bf\"></div></section>\n"
    "<section id=\"source-section\"><h2>Annotated source of the hottest "
    "functions</h2><div id=\"source\"></div></section>\n"
    "<section id=\"asm-section\"><h2 id=\"asm-title\">Machine code of the "
    "hottest blocks</h2><div id=\"asm\"></div></section>\n"
    "<section id=\"loops-section\"><h2>Loops, with what the optimizer did "
    "(sscc -fss-remarks)</h2><div id=\"loops\"></div></section>\n"
    "</main><div id=\"tip\"></div>\n";

/* The data, with "</" written "<\/" so that no string of it can close
 * the script element. */
static void write_data(FILE *out, const struct ss_listing *l,
                       const struct ss_xprofile *x) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  ss_html_data(mem, l, x);
  fclose(mem);
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '<' && i + 1 < len && text[i + 1] == '/')
      fputs("<\\", out);
    else
      fputc(text[i], out);
  }
  free(text);
}

int ss_html_report(FILE *out, const struct ss_listing *l,
                   const struct ss_xprofile *x) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n<meta name=\"generator\" content=\"ssprof "
        "(sscc)\">\n<title>ssprof report</title>\n<style>", out);
  fputs(style, out);
  fputs("</style></head>\n<body>\n", out);
  fputs(body, out);
  fputs("<script id=\"ssprof-data\" type=\"application/json\">", out);
  write_data(out, l, x);
  fputs("</script>\n<script>\n", out);
  fputs(script, out);
  fputs("</script>\n</body></html>\n", out);
  return 0;
}
