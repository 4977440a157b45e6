// SPDX-License-Identifier: Apache-2.0

#pragma once

class QLabel;

namespace sfdesk {

class ApiError;

// A dialog that sends a call stays open when the server refuses it: its error label shows the
// refusal, the message with the server's field details under it, and the user may try again.
void showRefusal(QLabel* errorLabel, const ApiError& error);

} // namespace sfdesk
