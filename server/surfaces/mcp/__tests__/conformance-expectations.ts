const FIXTURE_TOOL = "calls one of the runner's fixture tools (test_*); Shipnote serves exactly the 23 tools of decisions.md";
const CLIENT_INPUT = "calls a fixture tool that asks the client for sampling, elicitation or roots; no Shipnote tool needs the client's input";
const NO_PROMPTS = 'no prompts capability is declared: prompts/* answer -32601, as the spec requires';
const NO_RESOURCES = 'no resources capability is declared: resources/* answer -32601, as the spec requires';
const NO_COMPLETIONS = 'no completions capability is declared (there are no prompts or resource templates to complete)';
const NO_LOGGING = 'no logging capability is declared (deprecated in 2026-07-28): logging/setLevel answers -32601';
const TASKS = 'the tasks extension (io.modelcontextprotocol/tasks, not scored: extension) is not offered; its fixture tools do not exist';
const NO_HEADER_PARAMS = 'no tool declares x-mcp-header parameters: the runner reports "Not testable" (not scored: pending)';
const DIAGNOSTIC_TOOL = "needs the runner's diagnostic tools (test_missing_capability, test_streaming_elicitation, test_logging_tool): \"Not testable\"";

const fixtureScenarios = (names: string[], reason: string) => Object.fromEntries(names.map((name) => [name, reason]));

const TOOL_FIXTURES = ['tools-call-simple-text', 'tools-call-image', 'tools-call-audio', 'tools-call-embedded-resource', 'tools-call-mixed-content', 'tools-call-error', 'tools-call-with-progress', 'json-schema-2020-12'];
const PROMPTS = ['prompts-list', 'prompts-get-simple', 'prompts-get-with-args', 'prompts-get-embedded-resource', 'prompts-get-with-image'];
const RESOURCES = ['resources-list', 'resources-read-text', 'resources-read-binary', 'resources-templates-read'];

/**
 * Scenarios (or single checks, `<scenario>:<check-id>`) of each requirement set that do not apply to
 * Shipnote, with the reason; docs/oauth-mcp.md lists the same. The test fails if anything else fails,
 * or if a listed entry no longer fails (the list is then stale).
 */
export const NOT_APPLICABLE: Record<string, Record<string, string>> = {
  '2025-11-25': {
    ...fixtureScenarios(TOOL_FIXTURES, FIXTURE_TOOL),
    ...fixtureScenarios(['tools-call-sampling', 'tools-call-elicitation', 'elicitation-sep1034-defaults', 'elicitation-sep1330-enums'], CLIENT_INPUT),
    'tools-call-with-logging': `${FIXTURE_TOOL}; ${NO_LOGGING}`,
    'logging-set-level': NO_LOGGING,
    'completion-complete': NO_COMPLETIONS,
    ...fixtureScenarios(PROMPTS, NO_PROMPTS),
    ...fixtureScenarios([...RESOURCES, 'resources-subscribe', 'resources-unsubscribe'], NO_RESOURCES),
  },
  '2026-07-28': {
    ...fixtureScenarios(TOOL_FIXTURES, FIXTURE_TOOL),
    ...fixtureScenarios(
      [
        'input-required-result-basic-elicitation',
        'input-required-result-basic-sampling',
        'input-required-result-basic-list-roots',
        'input-required-result-request-state',
        'input-required-result-multiple-input-requests',
        'input-required-result-multi-round',
        'input-required-result-result-type',
        'input-required-result-tampered-state',
        'input-required-result-capability-check',
      ],
      CLIENT_INPUT,
    ),
    'input-required-result-non-tool-request': `${CLIENT_INPUT}; it asks through prompts/get, and ${NO_PROMPTS}`,
    'completion-complete': NO_COMPLETIONS,
    ...fixtureScenarios(PROMPTS, NO_PROMPTS),
    ...fixtureScenarios(RESOURCES, NO_RESOURCES),
    'caching:sep-2549-prompts-list-caching-hints': NO_PROMPTS,
    'caching:sep-2549-resources-list-caching-hints': NO_RESOURCES,
    'caching:sep-2549-resources-templates-list-caching-hints': NO_RESOURCES,
    'server-stateless:sep-2575-server-rejects-undeclared-capability': DIAGNOSTIC_TOOL,
    'server-stateless:sep-2575-missing-capability-http-400': DIAGNOSTIC_TOOL,
    'server-stateless:sep-2575-http-server-no-independent-requests-on-stream': DIAGNOSTIC_TOOL,
    'server-stateless:sep-2575-server-no-log-without-loglevel': DIAGNOSTIC_TOOL,
    'http-custom-header-server-validation': NO_HEADER_PARAMS,
    ...fixtureScenarios(
      [
        'tasks-lifecycle',
        'tasks-capability-negotiation',
        'tasks-wire-fields',
        'tasks-request-state-removal',
        'tasks-mrtr-input',
        'tasks-request-headers',
        'tasks-dispatch-and-envelope',
        'tasks-required-task-error',
        'tasks-mrtr-composition',
      ],
      TASKS,
    ),
  },
};
