// SPDX-License-Identifier: Apache-2.0

// A page's toolbar wraps rather than widening the window: FlowLayout puts its widgets in one row
// when they fit, starts a new row when the next one does not, and is only as narrow as its widest
// widget.
#include "gui/common/flowlayout.h"

#include <QPushButton>
#include <QTest>
#include <QWidget>

using namespace sfdesk;

class FlowLayoutTest : public QObject
{
    Q_OBJECT

private:
    struct Bar
    {
        QWidget widget;
        FlowLayout* layout = nullptr;
        QList<QPushButton*> buttons;
    };

    static void fill(Bar& bar, int count)
    {
        bar.layout = new FlowLayout(&bar.widget);
        bar.layout->setContentsMargins(0, 0, 0, 0);
        bar.layout->setSpacing(4);
        for (int i = 0; i < count; ++i) {
            auto* button = new QPushButton(QStringLiteral("Button number %1").arg(i));
            bar.layout->addWidget(button);
            bar.buttons.append(button);
        }
    }

    static int widthOfAll(const Bar& bar)
    {
        int width = 0;
        for (const QPushButton* button : bar.buttons)
            width += button->sizeHint().width();
        return width + 4 * int(bar.buttons.size() - 1);
    }

private Q_SLOTS:
    void oneRowWhenItFits()
    {
        Bar bar;
        fill(bar, 4);
        bar.widget.resize(widthOfAll(bar) + 10, 100);
        bar.layout->setGeometry(QRect(QPoint(), bar.widget.size()));
        const int top = bar.buttons.first()->geometry().top();
        for (int i = 1; i < bar.buttons.size(); ++i) {
            QCOMPARE(bar.buttons[i]->geometry().top(), top);
            QVERIFY(bar.buttons[i]->geometry().left() > bar.buttons[i - 1]->geometry().right());
        }
        QCOMPARE(bar.layout->heightForWidth(widthOfAll(bar)), bar.buttons.first()->sizeHint().height());
    }

    void wrapsWhenNarrow()
    {
        Bar bar;
        fill(bar, 4);
        const int twoWide = bar.buttons[0]->sizeHint().width() + 4 + bar.buttons[1]->sizeHint().width();
        bar.widget.resize(twoWide + 2, 200);
        bar.layout->setGeometry(QRect(QPoint(), bar.widget.size()));
        QCOMPARE(bar.buttons[1]->geometry().top(), bar.buttons[0]->geometry().top());
        QVERIFY(bar.buttons[2]->geometry().top() > bar.buttons[1]->geometry().bottom());
        QCOMPARE(bar.buttons[2]->geometry().left(), 0);
        QCOMPARE(bar.buttons[3]->geometry().top(), bar.buttons[2]->geometry().top());
        const int rowHeight = bar.buttons.first()->sizeHint().height();
        QCOMPARE(bar.layout->heightForWidth(twoWide + 2), 2 * rowHeight + 4);
        for (const QPushButton* button : std::as_const(bar.buttons))
            QVERIFY(bar.widget.rect().contains(button->geometry()));
    }

    void asNarrowAsItsWidestWidget()
    {
        Bar bar;
        fill(bar, 3);
        bar.buttons[1]->setText(QStringLiteral("A much longer button than the others"));
        QCOMPARE(bar.layout->minimumSize().width(), bar.buttons[1]->minimumSizeHint().width());
        QVERIFY(bar.layout->minimumSize().width() < widthOfAll(bar));
        QCOMPARE(bar.layout->sizeHint().width(), widthOfAll(bar));
    }

    void hiddenWidgetsTakeNoPlace()
    {
        Bar bar;
        fill(bar, 3);
        bar.buttons[1]->hide();
        bar.widget.resize(widthOfAll(bar), 100);
        bar.widget.show();
        bar.layout->setGeometry(QRect(QPoint(), bar.widget.size()));
        QCOMPARE(bar.buttons[2]->geometry().left(), bar.buttons[0]->geometry().right() + 1 + 4);
    }

    void insertsAtAnIndex()
    {
        Bar bar;
        fill(bar, 2);
        auto* first = new QPushButton(QStringLiteral("First"));
        bar.layout->insertWidget(0, first);
        QCOMPARE(bar.layout->itemAt(0)->widget(), first);
        QCOMPARE(first->parentWidget(), &bar.widget);
        QCOMPARE(bar.layout->count(), 3);
    }
};

QTEST_MAIN(FlowLayoutTest)
#include "tst_flowlayout.moc"
