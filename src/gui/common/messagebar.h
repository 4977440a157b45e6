// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QAbstractButton;

namespace sfdesk {

// A one-line information bar above a page (in the manner of KMessageWidget): an icon, a message
// and the buttons that act on it, tinted by its kind so it reads in light and dark.
class MessageBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageBar)

public:
    enum class Kind
    {
        Information,
        Warning,
        Error,
    };
    Q_ENUM(Kind)

    explicit MessageBar(QWidget* parent = nullptr);
    ~MessageBar() override;

    void setKind(Kind kind);
    Kind kind() const { return m_kind; }
    void setText(const QString& text);
    QString text() const;
    QLabel* label() const { return m_text; }
    // Buttons sit on the message's line, right of it, in the order added; the bar takes the button.
    void addButton(QAbstractButton* button);

    // The tint of the bar's background and border for a kind on a palette.
    static QColor accent(Kind kind, const QPalette& palette);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateIcon();

    Kind m_kind = Kind::Information;
    QLabel* m_icon;
    QLabel* m_text;
    QHBoxLayout* m_layout;
};

} // namespace sfdesk
