import type { ReactNode } from 'react';
import { Logo } from '#client/components/logo.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';

type AuthCardProps = {
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
};

/** The centred card of the login and signup screens; its title is the page's heading. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo className="size-12 drop-shadow-sm" />
        </div>
        <Card>
          <CardHeader className="text-center">
            <CardTitle asChild>
              <h1>{title}</h1>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          {children ? <CardContent>{children}</CardContent> : null}
          {footer ? (
            <CardFooter className="text-muted-foreground justify-center text-center text-sm">
              {footer}
            </CardFooter>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
