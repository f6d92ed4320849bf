/** Markdown an agent could write to attack readers: every way to run script we know of. */
export const HOSTILE_MARKDOWN = [
  '# Release <script>alert("h1")</script>',
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '[link](javascript:alert(5)) [spaced](  JaVaScRiPt:alert(6)) [entity](&#106;avascript:alert(7))',
  '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x">',
  '<svg onload="alert(8)"><circle /></svg> <math><mtext><img src=x onerror=alert(9)></mtext></math>',
  '<div style="background:url(javascript:alert(10))" onmouseover="alert(11)">hover</div>',
  '![img](javascript:alert(12)) <form action="javascript:alert(13)"><button>go</button></form>',
  '<p onclick="alert(14)">para</p> <a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
  '## Added',
  '- <b onmouseover="alert(15)">entry</b> with <script>alert(16)</script>',
].join('\n\n');

/** True when HTML could run script: a script element, an on* handler, or a script: URL. */
export function looksExecutable(html: string): boolean {
  return /<script|<iframe|<object|<embed|<svg|<form|\son\w+\s*=|javascript:|data:text\/html|vbscript:/i.test(html);
}
