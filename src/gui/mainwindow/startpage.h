// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

namespace sfdesk {

// The first page: what sfdesk does and where to start.
class StartPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartPage)

public:
    explicit StartPage(QWidget* parent = nullptr);
};

} // namespace sfdesk
