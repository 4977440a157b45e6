// SPDX-License-Identifier: Apache-2.0

#include "gui/common/errorlabel.h"

#include "core/api/apierror.h"

#include <QLabel>

namespace sfdesk {

void showRefusal(QLabel* errorLabel, const ApiError& error)
{
    errorLabel->setText(error.message() + error.detailLines());
    errorLabel->show();
}

} // namespace sfdesk
