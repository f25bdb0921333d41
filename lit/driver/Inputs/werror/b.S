#define NAME cpp_asm
	.text
	.globl	NAME
NAME:
	ret
	.section	.note.GNU-stack,"",@progbits
