	.text
	.globl	plain_asm
plain_asm:
	ret
	.section	.note.GNU-stack,"",@progbits
