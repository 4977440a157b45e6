// SPDX-License-Identifier: Apache-2.0

#include "gui/common/dialogrequest.h"

#include "core/api/apierror.h"

#include <QLabel>

namespace sfdesk {

DialogRequest::DialogRequest(QLabel* errorLabel, std::function<void()> updateState, QObject* parent)
    : QObject(parent)
    , m_errorLabel(errorLabel)
    , m_updateState(std::move(updateState))
{
    m_errorLabel->hide();
}

DialogRequest::~DialogRequest() = default;

void DialogRequest::start()
{
    m_out = true;
    m_errorLabel->hide();
    m_updateState();
}

void DialogRequest::finish()
{
    m_out = false;
}

void DialogRequest::refuse(const ApiError& error)
{
    refuse(error.message() + error.detailLines());
}

void DialogRequest::refuse(const QString& text)
{
    m_out = false;
    // Before the text: an updateState() may hide the label while nothing is out.
    m_updateState();
    m_errorLabel->setText(text);
    m_errorLabel->show();
}

} // namespace sfdesk
