// The Cyber access programs a turn can ask OpenAI's API for (`access_programs.cyber` of a Responses request).
// A plain list, so the command line can offer it without loading the schemas.
export const CYBER_ACCESS_PROGRAMS = ["standard", "daybreak_blue", "daybreak_red"] as const;
export type CyberAccessProgram = (typeof CYBER_ACCESS_PROGRAMS)[number];
