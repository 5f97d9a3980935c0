// The Lark grammar the Responses API uses to constrain the freeform `apply_patch` tool's input.
// It is deliberately stricter than our parser: constrained output is always well formed, and the parser
// stays lenient for providers that send the patch as plain text.

export const APPLY_PATCH_LARK_GRAMMAR = String.raw`start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_file | delete_file | update_file

add_file: "*** Add File: " path LF added_line*
added_line: "+" text? LF

delete_file: "*** Delete File: " path LF

update_file: "*** Update File: " path LF move_to? chunk+
move_to: "*** Move to: " path LF
chunk: context_header* chunk_line+ end_of_file?
context_header: "@@" (" " text)? LF
chunk_line: (" " | "-" | "+") text? LF
end_of_file: "*** End of File" LF

path: /[^\r\n]+/
text: /[^\r\n]+/

%import common.LF
`;
