/*
 * kc_clone.cpp: function cloning for simt-kc (kc_clone.h).  LLVM's C API
 * can copy an instruction but not a function: a phi's incoming blocks
 * cannot be set through it, and the copy's line records would still name
 * the original's subprogram, which the verifier rejects.  llvm::CloneFunction
 * does both.  It also reads instructions' fast-math flags, which the C API
 * of LLVM 16 does not.
 */
#include "kc_clone.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

extern "C" LLVMValueRef kc_clone_function(LLVMValueRef f, const char *name)
{
    llvm::Function *from = llvm::unwrap<llvm::Function>(f);
    llvm::ValueToValueMapTy map;
    llvm::Function *to = llvm::CloneFunction(from, map);
    to->setName(name);
    to->setLinkage(llvm::GlobalValue::InternalLinkage);
    to->setComdat(nullptr);
    to->setVisibility(llvm::GlobalValue::DefaultVisibility);
    return llvm::wrap(to);
}

extern "C" int kc_fast_math(LLVMValueRef f)
{
    for (llvm::BasicBlock &bb : *llvm::unwrap<llvm::Function>(f))
        for (llvm::Instruction &i : bb)
            if (llvm::isa<llvm::FPMathOperator>(i) && i.getFastMathFlags().any())
                return 1;
    return 0;
}
