// SPDX-License-Identifier: Apache-2.0

// clang-tidy must reject this file (lint_clang_tidy_finds): the list is read after it was moved
// from. It compiles, and the compiler says nothing; only the lint can stop it.

#include <QStringList>

#include <utility>

QStringList keepAndCount(QStringList names, qsizetype* count)
{
    QStringList kept = std::move(names);
    *count = names.size();
    return kept;
}
